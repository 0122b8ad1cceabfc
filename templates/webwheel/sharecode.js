/* pachaprint share codes: the decoder (the format is written down in
   pachaprint/model/sharecode.py and pachaprint/model/base32.py; this is the same
   codec, read only). It rebuilds a disc from its code: no rules, no solver,
   the whole crop layer is in the code. decode() returns
   {size, width, cells, terrain, crops, start, otoma, name, code} or throws an
   Error whose .reason is one of "symbol", "short", "check", "version",
   "nodisc", "name" (and .detail the offending character for "symbol"). */
var PachaprintShareCode = (function () {
  "use strict";
  var ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  var VERSION = 1, CHECK = 3, POLY = 0x4599, INIT = 0x7fff, OTOMA = 5, MAX_REGION = 5;
  var SIZES = [["tiny", 5], ["long", 9]], TERRAINS = "VDFM", ROWS = 5;

  function fail(reason, detail) {
    var e = new Error("share code: " + reason + (detail ? " " + detail : ""));
    e.reason = reason;
    e.detail = detail || "";
    return e;
  }
  function symbols(text) {
    var out = [];
    for (var i = 0; i < text.length; i++) {
      var ch = text.charAt(i).toUpperCase();
      if (ch === "-" || ch === " " || ch === "\t" || ch === "\n") continue;
      if (ch === "O") ch = "0";
      if (ch === "I" || ch === "L") ch = "1";
      var v = ALPHABET.indexOf(ch);
      if (v < 0) throw fail("symbol", text.charAt(i));
      out.push(v);
    }
    return out;
  }
  function crc15(values) {
    var crc = INIT;
    values.forEach(function (v) {
      for (var bit = 4; bit >= 0; bit--) {
        var top = ((crc >> 14) & 1) ^ ((v >> bit) & 1);
        crc = (crc << 1) & 0x7fff;
        if (top) crc ^= POLY;
      }
    });
    return [(crc >> 10) & 31, (crc >> 5) & 31, crc & 31];
  }
  function checked(body, check, before) {
    var want = crc15((before || []).concat(body));
    return want[0] === check[0] && want[1] === check[1] && want[2] === check[2];
  }
  function number(values) {
    var n = 0n;
    values.forEach(function (v) { n = n * 32n + BigInt(v); });
    return n;
  }
  function binom(n, k) {
    if (k < 0 || k > n) return 0n;
    var r = 1n;
    for (var i = 0; i < k; i++) r = r * BigInt(n - i) / BigInt(i + 1);
    return r;
  }
  function regions(width, terrain) {
    var cells = width * ROWS, seen = [], found = [];
    for (var s = 0; s < cells; s++) {
      if (seen[s]) continue;
      seen[s] = true;
      var stack = [s], members = [];
      while (stack.length) {
        var c = stack.pop(), col = c % width, row = Math.floor(c / width);
        members.push(c);
        [[col - 1, row], [col + 1, row], [col, row - 1], [col, row + 1]].forEach(function (p) {
          if (p[0] < 0 || p[0] >= width || p[1] < 0 || p[1] >= ROWS) return;
          var n = p[1] * width + p[0];
          if (!seen[n] && terrain.charAt(n) === terrain.charAt(s)) { seen[n] = true; stack.push(n); }
        });
      }
      found.push(members.sort(function (a, b) { return a - b; }));
    }
    return found;
  }
  function readDisc(values) {
    if (values.length > 1 && values[0] === 0) throw fail("nodisc");
    var n = number(values);
    function take(radix) {
      var r = BigInt(radix), d = n % r;
      n = n / r;
      return d;
    }
    var size = SIZES[Number(take(2))], width = size[1], cells = width * ROWS, terrain = "";
    for (var c = 0; c < cells; c++) terrain += TERRAINS.charAt(Number(take(4)));
    var crops = [];
    regions(width, terrain).forEach(function (members) {
      if (members.length > MAX_REGION) throw fail("nodisc");
      var left = [];
      for (var v = 1; v <= members.length; v++) left.push(v);
      members.forEach(function (cell) { crops[cell] = left.splice(Number(take(left.length)), 1)[0]; });
    });
    var count = Number(take(cells)) + 1, rank = take(binom(cells, count)), start = [];
    for (var i = count; i >= 1; i--) {
      var cell = i - 1;
      while (binom(cell + 1, i) <= rank) cell++;
      rank -= binom(cell, i);
      start.unshift(cell);
    }
    var otoma = null;
    if (take(2) === 1n) {
      if (count < OTOMA) throw fail("nodisc");
      var pool = start.slice();
      otoma = [];
      for (var k = 0; k < OTOMA; k++) otoma.push(pool.splice(Number(take(pool.length)), 1)[0]);
    }
    if (n !== 0n) throw fail("nodisc");
    return { size: size[0], width: width, cells: cells, terrain: terrain, crops: crops,
             start: start, otoma: otoma, name: null };
  }
  function readName(core, values) {
    if (values.length < 1 + CHECK) throw fail("name");
    var body = values.slice(0, -CHECK);
    /* the code's own check symbols are left out: after a message and its CRC every CRC is alike */
    if (!checked(body, values.slice(-CHECK), core.slice(0, -CHECK))) throw fail("name");
    if (body.length > 1 && body[0] === 0) throw fail("name");
    var n = number(body), bytes = [];
    while (n > 0n) { bytes.unshift(Number(n & 255n)); n >>= 8n; }
    if (bytes[0] !== 1 || bytes.length < 2) throw fail("name");
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes.slice(1)));
    } catch (e) {
      throw fail("name");
    }
  }
  function spell(values) {
    var text = "";
    values.forEach(function (v, i) { text += (i && i % 5 === 0 ? "-" : "") + ALPHABET.charAt(v); });
    return text;
  }
  function decode(text) {
    text = String(text).trim();
    var mark = text.indexOf("."), coreText = mark < 0 ? text : text.slice(0, mark);
    var values = symbols(coreText);
    if (values.length < 2 + CHECK) throw fail("short");
    var body = values.slice(0, -CHECK);
    if (!checked(body, values.slice(-CHECK))) throw fail(body[0] !== VERSION ? "version" : "check");
    if (body[0] !== VERSION) throw fail("version");
    var disc = readDisc(body.slice(1));
    disc.code = spell(values);
    if (mark >= 0) disc.name = readName(values, symbols(text.slice(mark + 1)));
    return disc;
  }
  return { decode: decode, ALPHABET: ALPHABET };
})();
