/* The site's Web Worker: Python (Pyodide) running pachaprint's own studio and table handlers.
   The page starts it (a module worker) from this file's text as a blob, so that the page's
   Content-Security-Policy holds here too, and sends {type: "start", site, runtime,
   version, app} (absolute addresses of the site's folder and of the runtime, the
   site's version, the page's app); then each
   request {id, request: {app, method, path, query, body}} gets
   {id, head: {status, json | file, stored}, data}.

   The browser's storage (IndexedDB) keeps the storage folder (drafts, saved
   games: IDBFS, read at start and written back after each request that changed
   it; pachaprint/site/worker.py says which) and, in one database of this
   script's, two records for the latest version of the site: the code folder (the bundle
   unpacked, with the byte code Python compiles as it imports), so that a later
   visit neither unpacks nor compiles again, and a memory snapshot of the
   interpreter (the page's modules imported, no app made yet: made before the
   page's app exists, written once the page's first answers are out), so that a later
   visit does not even start Python: it restores it. The snapshot is keyed by
   the runtime's release and address and the site's version (a new build never
   restores an old one); without one, or if it fails, Python starts as on a
   first visit. */
"use strict";

const CODE = "/home/pyodide/code";
const STORAGE = "/home/pyodide/storage";
const KEPT = "pachaprint-site";
const KEEP_DELAY = 1000;
let ready = null;
let queue = Promise.resolve();
let keepTimer = null;
let answered = 0;

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

/** What the worker keeps in IndexedDB besides the storage folder (the Cache Storage is not
    there for a page served over plain http from another machine): "python", the
    snapshot {key, apps, bytes}, and "code", the code folder {version, names, sizes,
    times, bytes}. `use(store)` gives a request; its result. */
function kept(mode, use) {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(KEPT, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore("kept");
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const transaction = db.transaction("kept", mode);
      const request = use(transaction.objectStore("kept"));
      transaction.oncomplete = () => { db.close(); resolve(request.result); };
      transaction.onerror = transaction.onabort = () => { db.close(); reject(transaction.error); };
    };
  });
}

function keep(name, value) {
  return kept("readwrite", (store) => store.put(value, name)).catch(() => {
    /* a full storage only costs the next visit its speed */
  });
}

/** Python restored from `snapshot` if it was made for this runtime and this version of the
    site (`key`), or null: none, one of another version, which goes, or one that fails to
    restore, which goes too (the caller then starts Python as on a first visit). `made`
    makes the runtime's module (pyodide.asm.mjs). */
async function restore(loadPyodide, made, runtime, key, snapshot) {
  if (!snapshot) return null;
  if (snapshot.key === key) {
    try {
      const bytes = snapshot.bytes;
      // The snapshot holds the interpreter's whole memory, behind a header whose length its
      // second word gives; the runtime restores it into the memory it starts with, so that
      // memory first grows to hold it.
      const heap = bytes.length - new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1];
      const createPyodideModule = async (settings) => {
        const module = await made(settings);
        if (module.HEAP8.length < heap) module.growMemory(heap);
        return module;
      };
      const pyodide = await loadPyodide({
        indexURL: runtime, createPyodideModule, _loadSnapshot: bytes, _makeSnapshot: true,
      });
      const module = pyodide.pyimport("pachaprint.site.worker");
      module.restored();
      module.destroy();
      times["snapshot MB"] = Math.round(bytes.length / 1e6);
      return { pyodide, apps: snapshot.apps };
    } catch (error) {
      console.warn("Python's kept snapshot did not restore; starting afresh", error);
    }
  }
  await kept("readwrite", (store) => store.delete("python")).catch(() => {});
  return null;
}

/** A snapshot of Python now (see `restore`): the interpreter with `apps`' modules, as the record
    to keep; null if it cannot be made. */
function snapshotOf(pyodide, key, apps) {
  try {
    return { key, apps, bytes: pyodide.makeMemorySnapshot() };
  } catch (error) {
    console.warn("Python's snapshot could not be made", error);
    return null;
  }
}

/** The path of every file under `folder`. */
function walk(FS, folder, found = []) {
  for (const name of FS.readdir(folder)) {
    if (name === "." || name === "..") continue;
    const path = folder + "/" + name;
    if (FS.isDir(FS.stat(path).mode)) walk(FS, path, found);
    else found.push(path);
  }
  return found;
}

/** The code folder as one record (a later visit writes it back in one go, where the
    storage folder's way, a record a file, takes a moment per file), with each file's
    time, which the byte code Python compiled checks its source against. */
function keepCode(FS, version) {
  const paths = walk(FS, CODE);
  const contents = paths.map((path) => FS.readFile(path));
  const sizes = contents.map((data) => data.length);
  const bytes = new Uint8Array(sizes.reduce((a, b) => a + b, 0));
  let at = 0;
  for (const data of contents) {
    bytes.set(data, at);
    at += data.length;
  }
  const names = paths.map((path) => path.slice(CODE.length + 1));
  const times = paths.map((path) => FS.stat(path).mtime.getTime());
  keep("code", { version, names, sizes, times, bytes });
  return names.length;
}

/** Write `files` ([name, bytes, time or undefined]) into the code folder. */
function writeCode(FS, files) {
  const made = new Set();
  for (const [name, data, time] of files) {
    const path = CODE + "/" + name;
    const folder = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(path, data);
    if (time !== undefined) FS.utime(path, time, time);
  }
}

/** The files of the kept code folder (see `keepCode`). */
function keptFiles(record) {
  let at = 0;
  return record.names.map((name, i) => {
    const data = record.bytes.subarray(at, at + record.sizes[i]);
    at += record.sizes[i];
    return [name, data, record.times[i]];
  });
}

/** The files of the site's code bundle ([name, bytes]): a gzipped tar of regular files in the
    POSIX ustar format, as pachaprint/site/bundle.py writes it. A host that sends it with
    Content-Encoding: gzip has the browser inflate it already. null: this browser cannot
    inflate it (no DecompressionStream), Python unpacks it. */
async function untar(buffer) {
  let bytes = new Uint8Array(buffer);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    if (typeof DecompressionStream !== "function") return null;
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const text = new TextDecoder();
  const files = [];
  for (let at = 0; at + 512 <= bytes.length; ) {
    const head = bytes.subarray(at, at + 512);
    if (head[0] === 0) break;  // the two empty blocks that end the archive
    const field = (from, length) => {
      const value = head.subarray(from, from + length);
      const end = value.indexOf(0);
      return text.decode(end < 0 ? value : value.subarray(0, end));
    };
    const size = parseInt(field(124, 12).trim(), 8);
    const prefix = field(345, 155);
    if (Number.isNaN(size) || field(257, 5) !== "ustar") throw new Error("the site's code bundle is not a tar");
    const name = (prefix ? prefix + "/" : "") + field(0, 100);
    if (head[156] === 48 || head[156] === 0) files.push([name, bytes.subarray(at + 512, at + 512 + size)]);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

async function start(site, runtime, version, app) {
  const read = (name) => kept("readonly", (store) => store.get(name)).catch(() => undefined);
  const snapshot = read("python");
  const keptCode = read("code");
  // The bundle is fetched and unpacked into memory while the runtime loads and starts.
  const bundle = keptCode.then(async (code) => {
    if (code && code.version === version) return null;
    const response = await fetch(site + "pachaprint-site.tar.gz");
    if (!response.ok) throw new Error("the site's code bundle did not load (" + response.status + ")");
    const archive = await response.arrayBuffer();
    return { archive, files: await untar(archive) };
  });
  bundle.catch(() => {});  // (said when it is awaited)
  try {
    indexedDB.deleteDatabase(CODE);  // where the site's first release kept the code folder
  } catch (error) { /* no storage at all: nothing kept either */ }
  const asm = import(runtime + "pyodide.asm.mjs");
  const { loadPyodide, version: release } = await import(runtime + "pyodide.mjs");
  const key = release + " " + runtime + " " + version;
  const got = await snapshot;
  mark("snapshot read");
  const made = (await asm).default;
  const restored = await restore(loadPyodide, made, runtime, key, got);
  const pyodide = restored ? restored.pyodide : await loadPyodide({
    indexURL: runtime, createPyodideModule: made, _makeSnapshot: true,
  });
  mark(restored ? "runtime (snapshot)" : "runtime");
  const FS = pyodide.FS;
  FS.mkdirTree(STORAGE);
  FS.mount(FS.filesystems.IDBFS, {}, STORAGE);
  // The storage folder is read from IndexedDB while Python imports (nothing reads it before
  // the SiteWorker exists).
  const stored = sync(pyodide, true);
  stored.catch(() => {});  // (said when it is awaited)
  const code = await keptCode;
  const packed = code && code.version === version ? code.names.length : 0;
  if (packed) {
    writeCode(FS, keptFiles(code));
    mark("code (kept)");
  } else {
    const { archive, files } = await bundle;
    if (files) writeCode(FS, files);
    else pyodide.unpackArchive(archive, "gztar", { extractDir: CODE });
    mark(files ? "code" : "code (Python)");
  }
  pyodide.runPython(
    "import sys\n" +
    "sys.dont_write_bytecode = False\n" +
    `if ${JSON.stringify(CODE)} not in sys.path:\n` +
    `    sys.path.insert(0, ${JSON.stringify(CODE)})\n`,
  );
  const apps = restored ? restored.apps : [];
  const module = pyodide.pyimport("pachaprint.site.worker");
  let fresh = null;
  if (!apps.includes(app)) {
    module.preload(app);
    mark("preload");
    // Made now, before the page's app exists; kept once the page's first answers are out.
    fresh = snapshotOf(pyodide, key, [...apps, app].sort());
    mark("snapshot made");
  }
  await stored;
  mark("storage");
  const worker = module.SiteWorker(STORAGE);
  module.destroy();
  mark("python");
  return { pyodide, worker, version, packed, snapshot: fresh };
}

/** A moment after the last request, keep the snapshot made at the start, if any (writing it
    while the page waits for its first answers would delay them), and the code folder again
    if it gained files (the byte code Python compiles as the page's requests import more),
    so that a later visit neither starts Python nor unpacks nor compiles them again. */
function keepSoon() {
  clearTimeout(keepTimer);
  keepTimer = setTimeout(() => {
    queue = queue.then(async () => {
      const started = await ready;
      if (started.snapshot) {
        keep("python", started.snapshot);  // (not awaited: a request may come meanwhile)
        started.snapshot = null;
      }
      const count = walk(started.pyodide.FS, CODE).length;
      if (count !== started.packed) started.packed = keepCode(started.pyodide.FS, started.version);
    }).catch(() => { /* only the next visit's speed is at stake */ });
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
  if (answered < 3) mark("answer " + ++answered);  // (the page's first requests, timed)
  self.postMessage({ id, head, data, times: times }, data ? [data] : []);
  keepSoon();
}

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === "start") {
    ready = start(message.site, message.runtime, message.version, message.app);
    ready.then(
      () => {
        self.postMessage({ type: "ready", times: times });
        keepSoon();
      },
      (error) => self.postMessage({ type: "failed", error: String(error && error.message || error) }),
    );
    return;
  }
  queue = queue.then(() => answer(message.id, message.request)).catch((error) => {
    self.postMessage({ id: message.id, head: { status: 500, json: { error: String(error && error.message || error), problems: [] } }, data: null });
  });
};
