// boggle web's page: one xterm.js terminal (its DOM renderer) talking textual-serve's protocol over a websocket.
//
// The protocol, as textual-serve's server reads it: JSON arrays from the page, ["stdin", text],
// ["resize", {width, height}], ["focus"], ["blur"], ["ping", text]; from the server, binary frames are the
// game's output and JSON arrays are news ("open_url", "deliver_file_start", "pong", "instance_id").
"use strict";

(function () {
  const element = document.getElementById("terminal");
  const readerButton = document.getElementById("reader");
  const READER_KEY = "boggle-screen-reader";
  const query = new URLSearchParams(window.location.search);
  const reader = query.get("reader") === "1" || window.localStorage.getItem(READER_KEY) === "1";
  const fontSize = Number(element.dataset.fontSize) || 16;

  // The game needs 40 columns and 16 rows (a round upright on a phone with its keyboard up, app/screens/round.py;
  // every other screen scrolls what does not fit, app/app.py MIN_SIZE): the font shrinks from the page's size
  // until they fit (a phone on its side), never below 10px. A cell of the font is about 0.6 of its size wide and
  // 1.32 high.
  const NEED = { columns: 40, rows: 16 };
  function fontFor(width, height) {
    let size = fontSize;
    while (size > 10 && (width / (size * 0.61) < NEED.columns || height / (size * 1.33) < NEED.rows)) size -= 1;
    return size;
  }

  const terminal = new Terminal({
    allowProposedApi: true, // the unicode11 widths
    fontSize: fontFor(window.innerWidth, window.innerHeight),
    fontFamily: "'Roboto Mono', 'DejaVu Sans Mono', Menlo, Consolas, monospace",
    scrollback: 0,
    screenReaderMode: reader,
    theme: { background: "#121212" },
  });
  const fit = new FitAddon.FitAddon();
  terminal.loadAddon(fit);
  terminal.loadAddon(new Unicode11Addon.Unicode11Addon());
  terminal.unicode.activeVersion = "11";
  window.boggleTerminal = terminal; // the tests read the screen's text through it

  let socket = null;
  const send = (message) => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  function showReader(on) {
    terminal.options.screenReaderMode = on;
    readerButton.setAttribute("aria-pressed", on ? "true" : "false");
  }
  readerButton.addEventListener("click", () => {
    const on = !terminal.options.screenReaderMode;
    window.localStorage.setItem(READER_KEY, on ? "1" : "0");
    showReader(on);
    terminal.focus();
  });
  showReader(reader);

  // The terminal takes the visible part of the window: a phone's keyboard shrinks it, and the game lays
  // itself out again above the keyboard, its entry in view.
  function resize() {
    const visible = window.visualViewport;
    const width = visible ? visible.width : window.innerWidth;
    const height = visible ? visible.height : window.innerHeight;
    element.style.height = height + "px";
    const size = fontFor(width, height);
    if (terminal.options.fontSize !== size) terminal.options.fontSize = size;
    fit.fit();
  }

  // Whether the page has the keys, said again when the tab is shown or hidden (the textarea keeps its focus across).
  function sayFocus() {
    send([document.hasFocus() && document.activeElement === terminal.textarea ? "focus" : "blur"]);
  }

  function connect() {
    resize();
    const size = fit.proposeDimensions() || { cols: 80, rows: 24 };
    const url = element.dataset.websocket + "?width=" + size.cols + "&height=" + size.rows;
    socket = new WebSocket(url);
    socket.binaryType = "arraybuffer";
    socket.addEventListener("open", () => {
      send(["resize", { width: terminal.cols, height: terminal.rows }]);
      terminal.focus();
    });
    socket.addEventListener("close", () => {
      document.getElementById("closed").hidden = false;
    });
    socket.addEventListener("message", (event) => {
      if (typeof event.data !== "string") {
        terminal.write(new Uint8Array(event.data));
        return;
      }
      const [kind, payload] = JSON.parse(event.data);
      if (kind === "open_url" && payload && /^https?:/.test(String(payload.url))) {
        window.open(payload.url, payload.new_tab ? "_blank" : "_self", "noopener");
      }
    });
  }

  function start() {
    terminal.open(element); // after the font has come: the terminal measures its cells in it once, here
    terminal.onData((data) => send(["stdin", data]));
    terminal.onResize(({ cols, rows }) => send(["resize", { width: cols, height: rows }]));
    terminal.textarea.addEventListener("focus", () => send(["focus"]));
    terminal.textarea.addEventListener("blur", () => send(["blur"]));
    window.addEventListener("resize", resize);
    document.addEventListener("visibilitychange", sayFocus);
    if (window.visualViewport) window.visualViewport.addEventListener("resize", resize);
    connect();
  }
  document.getElementById("again").addEventListener("click", () => window.location.reload());

  const ready = document.fonts ? document.fonts.load(fontSize + "px 'Roboto Mono'") : Promise.resolve();
  ready.catch(() => null).then(start);
})();
