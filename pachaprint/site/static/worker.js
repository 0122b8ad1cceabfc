/* The site's Web Worker: Python (Pyodide) running pachaprint's own studio and table handlers.
   The page starts it (a module worker) from this file's text as a blob, so that the page's
   Content-Security-Policy holds here too, and sends {type: "start", site, runtime,
   version, app} (absolute addresses of the site's folder and of the runtime, the
   site's version, the page's app); then each
   request {id, request: {app, method, path, query, body}} gets
   {id, head: {status, json | file, stored}, data}.

   Two folders live in the browser's storage (IndexedDB): the storage folder
   (drafts, saved games), read at start and written back after each request
   that changed it (pachaprint/site/worker.py says which), and the code: the
   bundle unpacked once per version, with the byte code Python compiles as it
   imports, so that a later visit neither unpacks nor compiles again.

   A later visit does not even start Python again: the first one keeps a memory
   snapshot of the interpreter (the page's modules imported, no app made yet) in
   IndexedDB, keyed by the runtime's release and address and the site's version
   (a new build never restores an old snapshot), and the next ones restore it;
   without one, or if it fails, Python starts as on a first visit. */
"use strict";

const CODE = "/home/pyodide/code";
const STORAGE = "/home/pyodide/storage";
const KEEP_DELAY = 500;
const SNAPSHOTS = "pachaprint-python";
const SNAPSHOT = "interpreter";
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

/** The memory snapshot kept in the browser's storage (IndexedDB; the Cache Storage is not
    there for a page served over plain http from another machine): one record
    {key, apps, bytes}, the interpreter as it was after the apps' modules were
    imported and before any app was made. `use(store)` gives a request; its result. */
function snapshots(mode, use) {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(SNAPSHOTS, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("snapshots");
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const transaction = db.transaction("snapshots", mode);
      const request = use(transaction.objectStore("snapshots"));
      transaction.oncomplete = () => { db.close(); resolve(request.result); };
      transaction.onerror = transaction.onabort = () => { db.close(); reject(transaction.error); };
    };
  });
}

/** Python restored from the snapshot kept for this runtime and this site's version, or null
    (none kept, one of another version, which goes, or one that fails to restore, which goes
    too: the caller starts Python as on a first visit). */
async function restore(loadPyodide, runtime, key) {
  let kept;
  try {
    kept = await snapshots("readonly", (store) => store.get(SNAPSHOT));
  } catch (error) {
    return null;  // no storage (a private window, say): every visit starts as the first
  }
  mark("snapshot read");
  if (!kept) return null;
  if (kept.key === key) {
    try {
      // The snapshot holds the interpreter's whole memory, behind a header whose length its
      // second word gives; the runtime restores it into the memory it starts with, so that
      // memory first grows to hold it.
      const bytes = kept.bytes;
      const heap = bytes.length - new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1];
      const made = (await import(runtime + "pyodide.asm.mjs")).default;
      const createPyodideModule = async (settings) => {
        const module = await made(settings);
        if (module.HEAP8.length < heap) module.growMemory(heap);
        return module;
      };
      const pyodide = await loadPyodide({
        indexURL: runtime, createPyodideModule, _loadSnapshot: bytes, _makeSnapshot: true,
      });
      times["snapshot MB"] = Math.round(bytes.length / 1e6);
      const module = pyodide.pyimport("pachaprint.site.worker");
      module.restored();
      module.destroy();
      return { pyodide, apps: kept.apps };
    } catch (error) {
      console.warn("Python's kept snapshot did not restore; starting afresh", error);
    }
  }
  await snapshots("readwrite", (store) => store.delete(SNAPSHOT)).catch(() => {});
  return null;
}

/** Keep a snapshot of Python now (see `restore`): the interpreter with `apps`' modules. */
function keepSnapshot(pyodide, key, apps) {
  let bytes;
  try {
    bytes = pyodide.makeMemorySnapshot();
  } catch (error) {
    console.warn("Python's snapshot could not be made", error);
    return;
  }
  snapshots("readwrite", (store) => store.put({ key, apps, bytes }, SNAPSHOT)).catch(() => {
    /* a full storage only costs the next visit its speed */
  });
}

async function start(site, runtime, version, app) {
  const { loadPyodide, version: release } = await import(runtime + "pyodide.mjs");
  mark("runtime script");
  const key = release + " " + runtime + " " + version;
  const kept = await restore(loadPyodide, runtime, key);
  const pyodide = kept ? kept.pyodide : await loadPyodide({ indexURL: runtime, _makeSnapshot: true });
  mark(kept ? "runtime (snapshot)" : "runtime");
  const FS = pyodide.FS;
  for (const folder of [CODE, STORAGE]) {
    FS.mkdirTree(folder);
    FS.mount(FS.filesystems.IDBFS, {}, folder);
  }
  await sync(pyodide, true);
  mark("storage");
  const code = CODE + "/" + version;
  const cached = FS.analyzePath(code + "/.complete").exists;
  pyodide.globals.set("code_folder", code);
  pyodide.runPython(
    "import os, shutil, sys\n" +
    "for old in os.listdir(os.path.dirname(code_folder)):\n" +
    "    if old != os.path.basename(code_folder):\n" +
    "        shutil.rmtree(os.path.join(os.path.dirname(code_folder), old), ignore_errors=True)\n" +
    "sys.dont_write_bytecode = False\n" +
    "if code_folder not in sys.path:\n" +
    "    sys.path.insert(0, code_folder)\n" +
    "del code_folder\n",
  );
  if (!cached) {
    const response = await fetch(site + "pachaprint-site.zip");
    if (!response.ok) throw new Error("the site's code bundle did not load (" + response.status + ")");
    pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: code });
  }
  mark(cached ? "bundle (kept)" : "bundle");
  const apps = kept ? kept.apps : [];
  const module = pyodide.pyimport("pachaprint.site.worker");
  if (!apps.includes(app)) {
    module.preload(app);
    mark("preload");
    keepSnapshot(pyodide, key, [...apps, app].sort());
    mark("snapshot made");
  }
  const worker = module.SiteWorker(STORAGE);
  module.destroy();
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
    ready = start(message.site, message.runtime, message.version, message.app);
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
