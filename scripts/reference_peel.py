"""A hand-written simulator that knows only source 000's rules (Peel), five players, leads
chosen uniformly at random: the yardstick the generic engine is measured against.

It shares nothing with the engine but the way it shuffles (a random sort key for each of the
52 cards, drawn in card order), so that both spend the same on shuffling and the comparison
is of the play.
"""

from __future__ import annotations

import random
from itertools import starmap

PLAYERS = 5
EACH = 8  # cards per player: (51 - 1) // 6
SPARE, TABLE, PLAYED = -1, -2, -3
POPE = 13 + 8  # the nine of diamonds (suit * 13 + rank, ace = 0)
EIGHT_OF_DIAMONDS = 13 + 7
KEY_DRAWS = ((),) * 52  # a random sort key for each of the 52 cards, drawn in card order
PACK = [c for c in range(52) if c != EIGHT_OF_DIAMONDS]
# Board: pope, matrimony, intrigue, ace, king, queen, jack, game.
STAKES = [6, 2, 2, 1, 1, 1, 1, 4]
DEALER_PAYS, OTHERS_PAY = 6, 3
HONOURS = {0: 3, 12: 4, 11: 5, 10: 6}  # rank -> compartment


def deal(rng: random.Random) -> list[int]:
    """One deal with seat 4 dealing; returns each seat's net counters."""
    draw = rng.random
    pack = sorted(PACK, key=list(starmap(draw, KEY_DRAWS)).__getitem__)
    where = [SPARE] * 53
    where[EIGHT_OF_DIAMONDS] = TABLE
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    for i in range(EACH * (PLAYERS + 1)):
        seat = i % (PLAYERS + 1)
        if seat < PLAYERS:
            hands[seat].append(pack[i])
            where[pack[i]] = seat
    for hand in hands:
        hand.sort()
    turn_up = pack[EACH * (PLAYERS + 1)]
    where[turn_up] = TABLE
    where[52] = TABLE
    trump = turn_up // 13
    board = list(STAKES)
    net = [-OTHERS_PAY] * PLAYERS
    net[4] = -DEALER_PAYS
    dealer = 4
    if turn_up == POPE:
        net[dealer] += board[0]
        board[0] = 0
        for seat in range(PLAYERS - 1):
            net[seat] -= EACH
            net[dealer] += EACH
        return net
    if turn_up % 13 in HONOURS:
        index = HONOURS[turn_up % 13]
        net[dealer] += board[index]
        board[index] = 0
    queen, king, jack = trump * 13 + 11, trump * 13 + 12, trump * 13 + 10
    played_by: dict[int, int] = {}
    leader = 0
    while True:
        hand = hands[leader]
        card = hand[int(draw() * len(hand))]
        seat = leader
        while True:
            where[card] = PLAYED
            hand = hands[seat]
            hand.remove(card)
            if card == POPE:
                net[seat] += board[0]
                board[0] = 0
                for other in range(PLAYERS):
                    if other != seat:
                        net[other] -= len(hands[other])
                        net[seat] += len(hands[other])
            elif card // 13 == trump:
                rank = card % 13
                if rank in HONOURS:
                    index = HONOURS[rank]
                    net[seat] += board[index]
                    board[index] = 0
                if card in (queen, king, jack):
                    played_by[card] = seat
                    if played_by.get(queen) == seat and played_by.get(king) == seat and board[1]:
                        net[seat] += board[1]
                        board[1] = 0
                    if played_by.get(queen) == seat and played_by.get(jack) == seat and board[2]:
                        net[seat] += board[2]
                        board[2] = 0
            if not hand:
                net[seat] += board[7]
                for other in range(PLAYERS):
                    if other != seat and where[POPE] != other:
                        net[other] -= len(hands[other])
                        net[seat] += len(hands[other])
                return net
            following = card + 1 if card % 13 != 12 else 52
            owner = where[following]
            if owner >= 0:
                seat = owner
                card = following
                continue
            leader = seat
            break


def simulate(deals: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    totals = [0] * PLAYERS
    for _ in range(deals):
        for seat, value in enumerate(deal(rng)):
            totals[seat] += value
    return totals
