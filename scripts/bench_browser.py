"""Times the Play page in a real browser (Debian's Chromium, driven by Playwright), served from
127.0.0.1 with every request to another host refused:

- cold start: from opening the page to the engine ready (a fresh browser context, so nothing
  is cached), the best and the worst of ``--repeat`` starts, and the bytes fetched by then;
- computer moves: deals of Peel's rules at five players, the person leading the first card
  offered, less motion asked for (the others' cards laid at once, not paced); for each of the
  person's leads, the time until the page offers the next lead, over the number of leads the
  other seats made in it (the worst such time is printed too);
- the trial: Peel's rules at five players, random leads, ``--deals`` deals on each side of the
  comparison, in deals a second as the page reports them.

The site is built first (statistics at 1% of their size), unless ``--site`` names a built one.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Error, Page, Request, Route, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
STATE = "[data-pj-play]"
SETTLED = f"{STATE}[data-state=your-lead], {STATE}[data-state=over]"


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def build(site: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", VARIANTS_STATS_SCALE="0.01")
    env.setdefault("VARIANTS_STATS_CACHE", str(site.parent / "stats-cache"))
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)]
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)


def cpu_seconds() -> float:
    """The processor time used so far by this process's descendants that are still running
    (the browser's processes): a busy machine stretches wall-clock times, much less this."""
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry.name)
        children.setdefault(int(fields[1]), []).append(pid)
        times[pid] = (int(fields[11]) + int(fields[12])) / tick
    total, waiting = 0.0, list(children.get(os.getpid(), []))
    while waiting:
        pid = waiting.pop()
        total += times.get(pid, 0.0)
        waiting += children.get(pid, [])
    return total


def offline(page: Page, base: str) -> None:
    def route(found: Route) -> None:
        if found.request.url.startswith(base + "/"):
            found.continue_()
        else:
            print(f"refused: {found.request.url}", file=sys.stderr)
            found.abort()

    page.route("**/*", route)


def body(request: Request) -> int:
    """The bytes of a finished request's response body (the page, its worker and their files
    alike: a worker's requests are the context's too)."""
    response = request.response()
    if response is None:
        return 0
    try:
        return len(response.body())
    except Error:
        return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--repeat", type=int, default=3, help="cold starts (default 3)")
    parser.add_argument("--games", type=int, default=5, help="deals played (default 5)")
    parser.add_argument("--deals", type=int, default=20000, help="trial deals (default 20000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        site = args.site
        if site is None:
            site = Path(scratch) / "site"
            print("building the site...", flush=True)
            build(site)
        handler = functools.partial(Quiet, directory=str(site))
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            measure(base, args)
        finally:
            server.shutdown()


def measure(base: str, args: argparse.Namespace) -> None:
    # Times here are wall-clock: on a busy machine they grow with the load, so it is printed.
    print("load average: {:.1f} {:.1f} {:.1f} on {} cores".format(*os.getloadavg(), os.cpu_count()))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        starts = []
        cpu = []
        fetched: list[int] = []
        for _ in range(args.repeat):
            context = browser.new_context()
            sizes: list[int] = []
            context.on("requestfinished", lambda request, sizes=sizes: sizes.append(body(request)))
            page = context.new_page()
            offline(page, base)
            used = cpu_seconds()
            began = time.perf_counter()
            page.goto(f"{base}/play/")
            page.wait_for_selector(f"{STATE}[data-state=ready]", state="attached", timeout=120_000)
            starts.append(time.perf_counter() - began)
            cpu.append(cpu_seconds() - used)
            fetched.append(sum(sizes))
            context.close()
        print(
            f"cold start: best {min(starts):.2f} s, worst {max(starts):.2f} s ({len(starts)}); "
            f"processor time {min(cpu):.2f} to {max(cpu):.2f} s; "
            f"{max(fetched) / 1_000_000:.1f} MB fetched before the first deal"
        )

        # Less motion asked for: the others' cards are laid at once, so a move's time is the
        # engine's and the drawing's, not the pace at which the page shows the cards.
        page = browser.new_page(reduced_motion="reduce")
        offline(page, base)
        per_move: list[float] = []
        worst = 0.0
        for game in range(args.games):
            page.goto(f"{base}/play/?ruleset=peel&players=5&policy=advised&seed={game + 1}")
            page.wait_for_selector(SETTLED, state="attached", timeout=120_000)
            while page.get_attribute(STATE, "data-state") == "your-lead":
                before = page.locator("[data-pj-lines] li").count()
                began = time.perf_counter()
                page.locator("button[data-card]:not([aria-disabled])").first.click()
                page.wait_for_selector(SETTLED, state="attached")
                took = time.perf_counter() - began
                lines = page.locator("[data-pj-lines] li").all_inner_texts()[before:]
                you = re.search(r"(Player \d+|Dealer) \(you", page.inner_text("[data-pj-seats]"))
                mine = "The dealer" if you is None or you.group(1) == "Dealer" else you.group(1)
                theirs = sum(
                    1
                    for line in lines
                    if re.match(r"(Player \d+|The dealer) leads", line)
                    and not line.startswith(f"{mine} leads")
                )
                worst = max(worst, took)
                if theirs:
                    per_move.append(took / theirs)
        if per_move:
            mean = sum(per_move) / len(per_move)
            print(
                f"computer moves: {mean * 1000:.0f} ms each on average over {len(per_move)} of "
                f"your leads (the others' leads that followed each, advised); the slowest "
                f"answer to a lead {worst * 1000:.0f} ms"
            )

        query = f"?ruleset=peel&players=5&policy=random&seed=1&o.five_pool=five&try={args.deals}"
        page.goto(f"{base}/play/{query}")
        page.wait_for_selector(f"{STATE}[data-state=ready]", state="attached", timeout=120_000)
        used = cpu_seconds()
        page.wait_for_selector(
            "[data-pj-try-box][data-try-state=done]", state="attached", timeout=600_000
        )
        used = cpu_seconds() - used
        rate = page.get_attribute("[data-pj-try-status]", "data-rate")
        print(
            f"trial: {rate} deals a second (peel, 5 players, random leads, {args.deals} a side); "
            f"{2 * args.deals / used:.0f} deals a second of processor time"
        )
        browser.close()


if __name__ == "__main__":
    main()
