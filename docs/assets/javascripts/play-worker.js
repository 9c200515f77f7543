/* Pope Joan variants: the Play page's engine, in a web worker.
 *
 * Starts Pyodide (CPython in WebAssembly) from the site's own copy, unpacks the project's
 * package and the saved rulesets, and answers the page's requests with
 * variants.interactive.handle: JSON in, JSON out. All rules are Python's; this only carries.
 */
import { loadPyodide } from "../pyodide/pyodide.mjs";

const PYODIDE = new URL("../pyodide/", import.meta.url).href;
const DATA = new URL("../play/", import.meta.url).href;

function progress(value, text) {
  postMessage({ progress: value, text: text });
}

async function fetched(name, kind) {
  const response = await fetch(DATA + name);
  if (!response.ok) {
    throw new Error("cannot load " + name + " (" + response.status + ")");
  }
  return kind === "text" ? response.text() : response.arrayBuffer();
}

async function start() {
  progress(1, "Starting Python…");
  const files = fetched("variants.zip", "bytes");
  const py = await loadPyodide({ indexURL: PYODIDE, packageBaseUrl: PYODIDE });
  progress(2, "Loading the engine and the rulesets…");
  const zip = await files;
  py.unpackArchive(zip, "zip", { extractDir: "/lib/variants-site" });
  progress(3, "Reading the rulesets…");
  py.runPython(
    [
      "import json, sys",
      "sys.path.insert(0, '/lib/variants-site')",
      "from variants.interactive import Table, handle",
      "with open('/lib/variants-site/rulesets.json', encoding='utf-8') as saved:",
      "    table = Table(json.load(saved))",
    ].join("\n")
  );
  const handle = py.globals.get("handle");
  const table = py.globals.get("table");
  return function (request) {
    return JSON.parse(handle(table, JSON.stringify(request)));
  };
}

const ready = start();
ready.then(
  (ask) => postMessage({ ready: true, catalog: ask({ do: "catalog" }) }),
  (error) => postMessage({ failed: String(error && error.message ? error.message : error) })
);

onmessage = async (event) => {
  const { id, request } = event.data;
  let answer;
  try {
    const ask = await ready;
    answer = ask(request);
  } catch (error) {
    answer = { error: String(error && error.message ? error.message : error) };
  }
  postMessage({ id: id, answer: answer });
};
