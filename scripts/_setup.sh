# Shared setup for scripts/test and scripts/serve. Source it; do not run it.
#
# After sourcing, the working directory is the repository root and the
# project's virtual environment (.venv) is installed and on PATH;
# setup_node installs the site's npm packages (Pyodide, axe-core) into node_modules.

# Resolve the repository root from this file's location, not the caller's cwd.
VARIANTS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$VARIANTS_ROOT"

VENV="$VARIANTS_ROOT/.venv"
STAMP="$VENV/.installed"

# Create .venv if needed and install the project with its dev extras.
# The install is skipped while the stamp is newer than pyproject.toml.
setup_venv() {
    if [[ ! -x "$VENV/bin/python" ]]; then
        echo "==> creating .venv"
        python3 -m venv "$VENV"
        rm -f "$STAMP"
    fi
    if [[ ! -f "$STAMP" || pyproject.toml -nt "$STAMP" ]]; then
        echo "==> installing the project and its dev dependencies into .venv"
        "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e '.[dev]'
        touch "$STAMP"
    fi
    export VIRTUAL_ENV="$VENV"
    export PATH="$VENV/bin:$PATH"
    # Silence Material for MkDocs' end-of-life banner on every build and serve.
    export NO_MKDOCS_2_WARNING=1
}

# The browser tests drive Debian's Chromium; they must never skip for want of it.
CHROMIUM=/usr/bin/chromium

ensure_chromium() {
    if [[ -x "$CHROMIUM" ]]; then
        return 0
    fi
    if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
        echo "==> installing chromium with apt-get"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq </dev/null
        apt-get install -y -qq chromium </dev/null
    fi
    if [[ ! -x "$CHROMIUM" ]]; then
        echo "error: $CHROMIUM not found; the browser tests need it: install it with 'apt-get install chromium' (as root) and re-run" >&2
        exit 1
    fi
}

# The site's npm packages (package.json, package-lock.json) go into node_modules/: Pyodide,
# which the Play page vendors, and axe-core, which the accessibility tests inject into each page.
# The install is skipped while its stamp is newer than package-lock.json.
NODE_STAMP="$VARIANTS_ROOT/node_modules/.installed"

setup_node() {
    if [[ -f "$NODE_STAMP" && ! package-lock.json -nt "$NODE_STAMP" ]]; then
        return 0
    fi
    if ! command -v npm >/dev/null 2>&1; then
        if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
            echo "==> installing npm with apt-get"
            export DEBIAN_FRONTEND=noninteractive
            apt-get update -qq </dev/null
            apt-get install -y -qq npm </dev/null
        fi
        if ! command -v npm >/dev/null 2>&1; then
            echo "error: npm not found; the Play page needs it to install Pyodide: install it with 'apt-get install npm' (as root) and re-run" >&2
            exit 1
        fi
    fi
    echo "==> installing the site's npm packages (Pyodide, axe-core) into node_modules"
    npm ci --no-audit --no-fund --loglevel=error
    for needed in pyodide/pyodide.asm.wasm axe-core/axe.min.js; do
        if [[ ! -f "$VARIANTS_ROOT/node_modules/$needed" ]]; then
            echo "error: npm ci did not install node_modules/$needed" >&2
            exit 1
        fi
    done
    touch "$NODE_STAMP"
}
