/// The family web chat page: HTML, CSS and JavaScript in one document, nothing loaded from
/// the internet, no build step. It keeps the user's name and id in localStorage, reconnects
/// with backoff, and re-renders the room's history on every (re)connection.
enum WebChatPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#1f2547">
<title>Magical Stories</title>
<style>
  :root { --bg:#141833; --panel:#1f2547; --ink:#f4f1ff; --muted:#aeb2d5; --accent:#ffd36e; --bot:#2b3266; --me:#3c4a8c; --danger:#e06c75; --ok:#7fd1a4; }
  * { box-sizing: border-box; }
  html, body { margin:0; height:100%; background:var(--bg); color:var(--ink);
    font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
  body { display:flex; flex-direction:column; height:100dvh; }
  header { display:flex; align-items:center; gap:.6rem; padding:.6rem 1rem; background:var(--panel);
    border-bottom:1px solid #ffffff18; padding-top:max(.6rem, env(safe-area-inset-top)); }
  header h1 { font-size:1.1rem; margin:0; flex:1; white-space:nowrap; overflow:hidden; text-overflow:ellipsis; }
  #status { font-size:.8rem; color:var(--muted); display:flex; align-items:center; gap:.35rem; }
  #status::before { content:""; width:.6rem; height:.6rem; border-radius:50%; background:var(--danger); }
  #status.online::before { background:var(--ok); }
  #log { flex:1; overflow-y:auto; padding:1rem; display:flex; flex-direction:column; gap:.8rem; }
  .msg { max-width:min(44rem, 100%); padding:.6rem .8rem; border-radius:1rem; background:var(--bot);
    overflow-wrap:anywhere; unicode-bidi:plaintext; }
  .msg.me { align-self:flex-end; background:var(--me); }
  .msg.private { border:1px dashed var(--accent); }
  .msg .who { font-size:.75rem; color:var(--muted); margin-bottom:.15rem; }
  .msg .note { font-size:.72rem; color:var(--accent); margin-top:.3rem; }
  .msg p { margin:.2rem 0; white-space:pre-wrap; }
  .page h2 { font-size:1.15rem; margin:.1rem 0 .5rem; color:var(--accent); }
  .page img { width:100%; height:auto; aspect-ratio:3/2; border-radius:.7rem; display:block; background:#0003; }
  .page .text { font-size:1.12rem; margin:.6rem 0; white-space:pre-wrap; }
  .page .footer { font-size:.8rem; color:var(--muted); }
  .buttons { display:flex; flex-wrap:wrap; gap:.4rem; margin-top:.5rem; }
  button { font:inherit; color:var(--ink); background:#ffffff1a; border:1px solid #ffffff30; border-radius:.7rem;
    padding:.45rem .9rem; min-width:2.8rem; min-height:2.6rem; cursor:pointer; }
  button.primary { background:#ffd36e33; border-color:var(--accent); }
  button.success { background:#7fd1a433; border-color:var(--ok); }
  button.danger { background:#e06c7533; border-color:var(--danger); }
  button:disabled { opacity:.35; cursor:default; }
  footer { background:var(--panel); padding:.6rem; padding-bottom:max(.6rem, env(safe-area-inset-bottom));
    border-top:1px solid #ffffff18; }
  #chips { display:flex; gap:.4rem; overflow-x:auto; margin-bottom:.5rem; }
  #chips button { white-space:nowrap; font-size:.9rem; }
  form { display:flex; gap:.5rem; }
  #text { flex:1; font:inherit; padding:.6rem .8rem; border-radius:.8rem; border:1px solid #ffffff30;
    background:#0000003a; color:var(--ink); min-width:0; }
  #notice { color:var(--accent); font-size:.85rem; min-height:1.2em; padding:0 .2rem .3rem; }
  dialog { background:var(--panel); color:var(--ink); border:1px solid #ffffff30; border-radius:1rem; max-width:22rem; }
  dialog input { width:100%; font:inherit; padding:.5rem; margin:.3rem 0 .8rem; border-radius:.6rem; border:1px solid #ffffff40;
    background:#0003; color:var(--ink); }
</style>
</head>
<body>
<header>
  <h1>🌙 Magical Stories · <span id="room"></span></h1>
  <span id="status">offline</span>
  <button id="who" title="Change name or room">👤</button>
</header>
<main id="log" aria-live="polite"></main>
<footer>
  <div id="notice"></div>
  <div id="chips">
    <button data-fill='/story new theme:"a sleepy dragon" name: age:5'>✨ New story</button>
    <button data-send="/story library">📚 Library</button>
    <button data-send="/collection list">🌱 Collections</button>
    <button data-send="/help">❓ Help</button>
  </div>
  <form id="form" autocomplete="off">
    <input id="text" maxlength="2000" placeholder='Say hello, or /story new theme:"a sleepy dragon" name:Mia age:5'>
    <button type="submit" class="primary">Send</button>
  </form>
</footer>
<dialog id="setup">
  <form method="dialog" id="setupForm">
    <p>Welcome! Who is reading tonight?</p>
    <label>Your name<input id="nameInput" maxlength="40" required></label>
    <label>Family room<input id="roomInput" maxlength="40" pattern="[A-Za-z0-9_-]+" placeholder="family"></label>
    <button class="primary">Let's read</button>
  </form>
</dialog>
<script>
(() => {
  const $ = (id) => document.getElementById(id);
  const log = $("log"), statusEl = $("status"), notice = $("notice"), text = $("text");
  const params = new URLSearchParams(location.search);
  let userId = localStorage.getItem("ms.user");
  if (!userId) { userId = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)); localStorage.setItem("ms.user", userId); }
  let name = (params.get("name") || localStorage.getItem("ms.name") || "").slice(0, 40);
  let room = (params.get("room") || localStorage.getItem("ms.room") || "family").toLowerCase();
  let socket = null, retry = 0, pingTimer = null;
  const messages = new Map();

  function escapeHTML(s) { return s.replace(/[&<>"']/g, c => ({"&":"&amp;","<":"&lt;",">":"&gt;","\"":"&quot;","'":"&#39;"}[c])); }
  function markdown(s) {
    return escapeHTML(s).replace(/`([^`]+)`/g, "<code>$1</code>").replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
      .replace(/\*([^*]+)\*/g, "<em>$1</em>");
  }
  function el(tag, cls, html) { const e = document.createElement(tag); if (cls) e.className = cls; if (html !== undefined) e.innerHTML = html; return e; }

  function render(m) {
    const box = el("article", "msg" + (m.authorId === userId && !m.fromBot ? " me" : "") + (m.isPrivate ? " private" : ""));
    box.dataset.id = m.id;
    box.appendChild(el("div", "who", escapeHTML(m.author)));
    if (m.text) box.appendChild(el("p", "", markdown(m.text)));
    if (m.page) {
      const page = el("section", "page");
      page.appendChild(el("h2", "", escapeHTML(m.page.title)));
      if (m.page.imageUrl) { const img = el("img"); img.src = m.page.imageUrl; img.alt = "Illustration for " + m.page.title + ", " + m.page.footer; img.loading = "lazy"; page.appendChild(img); }
      page.appendChild(el("div", "text", markdown(m.page.text)));
      page.appendChild(el("div", "footer", escapeHTML(m.page.footer)));
      box.appendChild(page);
    }
    for (const row of m.buttons || []) {
      const bar = el("div", "buttons");
      for (const b of row) {
        const btn = el("button", b.style, escapeHTML(b.label));
        btn.disabled = b.disabled;
        btn.addEventListener("click", () => send({ type: "press", buttonId: b.id, messageId: m.id }));
        bar.appendChild(btn);
      }
      box.appendChild(bar);
    }
    if (m.isPrivate) box.appendChild(el("div", "note", "Only you can see this"));
    return box;
  }

  function show(m) {
    const nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 120;
    const node = render(m);
    const old = messages.get(m.id);
    if (old && old.isConnected) old.replaceWith(node); else log.appendChild(node);
    messages.set(m.id, node);
    if (nearBottom || !old) log.scrollTop = log.scrollHeight;
  }

  function send(frame) {
    if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(frame)); return true; }
    notice.textContent = "Reconnecting… your message was not sent.";
    return false;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/ws?room=${encodeURIComponent(room)}&user=${encodeURIComponent(userId)}&name=${encodeURIComponent(name)}`;
    socket = new WebSocket(url);
    socket.onopen = () => { retry = 0; statusEl.textContent = "online"; statusEl.classList.add("online"); notice.textContent = "";
      clearInterval(pingTimer); pingTimer = setInterval(() => send({ type: "ping" }), 25000); };
    socket.onmessage = (event) => {
      let frame; try { frame = JSON.parse(event.data); } catch { return; }
      if (frame.type === "history") {
        // Keep private notes already shown; replace everything else with the room's history.
        for (const [id, node] of messages) if (!node.classList.contains("private")) { node.remove(); messages.delete(id); }
        for (const m of frame.messages || []) show(m);
      } else if (frame.type === "message") { show(frame.message); }
      else if (frame.type === "notice") { notice.textContent = frame.text; }
    };
    socket.onclose = () => {
      statusEl.textContent = "offline"; statusEl.classList.remove("online"); clearInterval(pingTimer);
      const wait = Math.min(10000, 500 * 2 ** retry++) + Math.random() * 300;
      setTimeout(connect, wait);
    };
  }

  $("form").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = text.value.trim();
    if (value && send({ type: "say", text: value })) { text.value = ""; notice.textContent = ""; }
  });
  for (const chip of document.querySelectorAll("#chips button")) {
    chip.addEventListener("click", () => {
      if (chip.dataset.send) send({ type: "say", text: chip.dataset.send });
      else { text.value = chip.dataset.fill.replace("name:", "name:" + (name.split(" ")[0] || "Mia")); text.focus(); }
    });
  }
  function setup() { $("nameInput").value = name; $("roomInput").value = room; $("setup").showModal(); }
  $("who").addEventListener("click", setup);
  $("setupForm").addEventListener("submit", () => {
    name = $("nameInput").value.trim() || "Guest";
    room = ($("roomInput").value.trim() || "family").toLowerCase();
    localStorage.setItem("ms.name", name); localStorage.setItem("ms.room", room);
    $("room").textContent = room;
    if (socket) { socket.onclose = null; socket.close(); } retry = 0; connect();
  });
  $("setup").addEventListener("close", () => { if (!socket) { name = name || "Guest"; connect(); } });
  $("room").textContent = room;
  if (!name) setup(); else connect();
})();
</script>
</body>
</html>
"""#
}
