/* The site's Web Worker: Python (Pyodide) running pachaprint's own studio and table handlers.
   The page starts it (a module worker) from this file's text as a blob, so that the page's
   Content-Security-Policy holds here too, and sends {type: "start", site, runtime}
   (absolute addresses of the site's folder and of the runtime); then each
   request {id, request: {app, method, path, query, body}} gets
   {id, head: {status, json | file, stored}, data}.

   Two folders live in the browser's storage (IndexedDB): the storage folder
   (drafts, saved games), read at start and written back after each request
   that changed it (pachaprint/site/worker.py says which), and the code: the
   bundle unpacked once per version, with the byte code Python compiles as it
   imports, so that a later visit neither unpacks nor compiles again. */
"use strict";

const CODE = "/home/pyodide/code";
const STORAGE = "/home/pyodide/storage";
const KEEP_DELAY = 500;
let ready = null;
let queue = Promise.resolve();
let keepTimer = null;

const times = {};
let last = performance.now();
function mark(name) {
  const now = performance.now();
  times[name] = Math.round(now - last);
  last = now;
}

function sync(pyodide, populate) {
  return new Promise((resolve, reject) => {
    pyodide.FS.syncfs(populate, (error) => (error ? reject(error) : resolve()));
  });
}

/** A name for this version of the bundle: its length and FNV-1a hash (no crypto.subtle,
    which a page served over plain http from another machine does not have). */
function version(zip) {
  const bytes = new Uint8Array(zip);
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
  return bytes.length.toString(16) + "-" + (hash >>> 0).toString(16).padStart(8, "0");
}

async function start(site, runtime) {
  const bundle = fetch(site + "pachaprint-site.zip").then((response) => {
    if (!response.ok) throw new Error("the site's code bundle did not load (" + response.status + ")");
    return response.arrayBuffer();
  });
  const { loadPyodide } = await import(runtime + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: runtime });
  mark("runtime");
  const FS = pyodide.FS;
  for (const folder of [CODE, STORAGE]) {
    FS.mkdirTree(folder);
    FS.mount(FS.filesystems.IDBFS, {}, folder);
  }
  await sync(pyodide, true);
  mark("storage");
  const zip = await bundle;
  const code = CODE + "/" + version(zip);
  const cached = FS.analyzePath(code + "/.complete").exists;
  pyodide.globals.set("code_folder", code);
  pyodide.runPython(
    "import os, shutil, sys\n" +
    "for old in os.listdir(os.path.dirname(code_folder)):\n" +
    "    if old != os.path.basename(code_folder):\n" +
    "        shutil.rmtree(os.path.join(os.path.dirname(code_folder), old), ignore_errors=True)\n" +
    "sys.dont_write_bytecode = False\n" +
    "sys.path.insert(0, code_folder)\n",
  );
  if (!cached) pyodide.unpackArchive(zip, "zip", { extractDir: code });
  mark(cached ? "bundle (kept)" : "bundle");
  const worker = pyodide.pyimport("pachaprint.site.worker").SiteWorker(STORAGE);
  mark("python");
  return { pyodide, worker, code };
}

/** Keep the code folder (and its new byte code) in the browser's storage, a moment after
    the last request: its first requests import most of what the pages use. */
function keepSoon() {
  clearTimeout(keepTimer);
  keepTimer = setTimeout(() => {
    queue = queue.then(async () => {
      const { pyodide, code } = await ready;
      if (!pyodide.FS.analyzePath(code + "/.complete").exists) pyodide.FS.writeFile(code + "/.complete", "");
      await sync(pyodide, false);
    }).catch(() => { /* a full storage only costs the next visit its speed */ });
  }, KEEP_DELAY);
}

async function answer(id, request) {
  const { pyodide, worker } = await ready;
  const result = worker.handle(JSON.stringify(request));
  const head = JSON.parse(result.get(0));
  const bytes = result.get(1);
  let data = null;
  if (bytes !== undefined && bytes !== null) {
    data = bytes.toJs().slice().buffer;
    bytes.destroy();
  }
  result.destroy();
  if (head.stored) await sync(pyodide, false);
  if (!times.first) mark("first");
  self.postMessage({ id, head, data, times: times }, data ? [data] : []);
  keepSoon();
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") {
    ready = start(message.site, message.runtime);
    ready.then(
      () => self.postMessage({ type: "ready", times: times }),
      (error) => self.postMessage({ type: "failed", error: String(error && error.message || error) }),
    );
    return;
  }
  queue = queue.then(() => answer(message.id, message.request)).catch((error) => {
    self.postMessage({ id: message.id, head: { status: 500, json: { error: String(error && error.message || error), problems: [] } }, data: null });
  });
};
