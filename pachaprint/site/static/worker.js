/* The site's Web Worker: Python (Pyodide) running pachaprint's own studio and table handlers.
   The page starts it (a module worker) from this file's text as a blob, so that the page's
   Content-Security-Policy holds here too, and sends {type: "start", site, runtime}
   (absolute addresses of the site's folder and of the runtime); then each
   request {id, request: {app, method, path, query, body}} gets
   {id, head: {status, json | file, stored}, data}. The storage folder lives in
   IndexedDB: it is read at start and written back after each request that
   changed it (pachaprint/site/worker.py says which). */
"use strict";

const CODE = "/home/pyodide/pachaprint-site";
const STORAGE = "/home/pyodide/storage";
let ready = null;
let queue = Promise.resolve();

function sync(pyodide, populate) {
  return new Promise((resolve, reject) => {
    pyodide.FS.syncfs(populate, (error) => (error ? reject(error) : resolve()));
  });
}

async function start(site, runtime) {
  const { loadPyodide } = await import(runtime + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: runtime });
  const response = await fetch(site + "pachaprint-site.zip");
  if (!response.ok) throw new Error("the site's code bundle did not load (" + response.status + ")");
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: CODE });
  pyodide.FS.mkdirTree(STORAGE);
  pyodide.FS.mount(pyodide.FS.filesystems.IDBFS, {}, STORAGE);
  await sync(pyodide, true);
  pyodide.runPython("import sys\nsys.path.insert(0, " + JSON.stringify(CODE) + ")");
  const worker = pyodide.pyimport("pachaprint.site.worker").SiteWorker(STORAGE);
  return { pyodide, worker };
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
  self.postMessage({ id, head, data }, data ? [data] : []);
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") {
    ready = start(message.site, message.runtime);
    ready.then(
      () => self.postMessage({ type: "ready" }),
      (error) => self.postMessage({ type: "failed", error: String(error && error.message || error) }),
    );
    return;
  }
  queue = queue.then(() => answer(message.id, message.request)).catch((error) => {
    self.postMessage({ id: message.id, head: { status: 500, json: { error: String(error && error.message || error), problems: [] } }, data: null });
  });
};
