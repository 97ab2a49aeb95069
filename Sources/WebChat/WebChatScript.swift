/// The web chat page's script, served as `/app.js` (same origin, so the page's
/// Content-Security-Policy needs no inline script). It asks `/api/me` who the session cookie
/// belongs to; a stranger sees the door, which follows an invite with `POST /api/join`; a member
/// gets the chat over `/ws` (the cookie goes with it), reconnecting with backoff and re-rendering
/// the room's history on every (re)connection.
enum WebChatScript {
    static let source = #"""
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const log = $("log"), statusEl = $("status"), notice = $("notice"), text = $("text");
  let me = null, socket = null, retry = 0, pingTimer = null, pendingCode = "";
  const messages = new Map();

  function escapeHTML(s) { return String(s).replace(/[&<>"']/g, c => ({"&":"&amp;","<":"&lt;",">":"&gt;","\"":"&quot;","'":"&#39;"}[c])); }
  function markdown(s) {
    return escapeHTML(s).replace(/`([^`]+)`/g, "<code>$1</code>").replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
      .replace(/\*([^*]+)\*/g, "<em>$1</em>");
  }
  function el(tag, cls, html) { const e = document.createElement(tag); if (cls) e.className = cls; if (html !== undefined) e.innerHTML = html; return e; }

  function render(m) {
    const mine = me && m.authorId === me.userId && !m.fromBot;
    const box = el("article", "msg" + (mine ? " me" : "") + (m.isPrivate ? " private" : ""));
    box.dataset.id = m.id;
    box.appendChild(el("div", "who", escapeHTML(m.author)));
    if (m.text) box.appendChild(el("p", "", markdown(m.text)));
    if (m.page) {
      const page = el("section", "page");
      page.appendChild(el("h2", "", escapeHTML(m.page.title)));
      if (m.page.imageUrl) { const img = el("img"); img.src = m.page.imageUrl; img.alt = "Illustration for " + m.page.title + ", " + m.page.footer; img.loading = "lazy"; page.appendChild(img); }
      if (m.page.textArtUrl) { const art = el("pre", "art"); art.setAttribute("role", "img"); art.setAttribute("aria-label", "Text-art illustration for " + m.page.title + ", " + m.page.footer); page.appendChild(art); fetch(m.page.textArtUrl).then(r => r.ok ? r.text() : "").then(t => { art.textContent = t; }); }
      page.appendChild(el("div", "text", markdown(m.page.text)));
      page.appendChild(el("div", "footer", escapeHTML(m.page.footer)));
      box.appendChild(page);
    }
    if (m.book) {
      const link = el("a", "book", "📖 Download <strong>" + escapeHTML(m.book.filename) + "</strong>");
      link.href = m.book.url; link.setAttribute("download", m.book.filename);
      box.appendChild(link);
    }
    if (m.pictures) { for (const p of m.pictures) { const fig = el("figure", "portrait"); const img = el("img"); img.src = p.url; img.alt = "Portrait of " + p.caption; img.loading = "lazy"; fig.appendChild(img); fig.appendChild(el("figcaption", "", escapeHTML(p.caption))); box.appendChild(fig); } }
    if (m.audio) { const player = el("audio", "narration"); player.controls = true; player.preload = "none"; player.src = m.audio.url; player.setAttribute("aria-label", "Read aloud, " + m.audio.durationText); box.appendChild(player); }
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

  // Who the session cookie belongs to: the member, null for nobody, undefined when unreachable.
  async function whoAmI() {
    try {
      const response = await fetch("/api/me", { credentials: "same-origin", cache: "no-store" });
      if (response.ok) return await response.json();
      if (response.status === 401) return null;
    } catch (error) { /* offline */ }
    return undefined;
  }

  function showDoor(code, message) {
    me = null;
    if (socket) { socket.onclose = null; socket.close(); socket = null; }
    clearInterval(pingTimer);
    pendingCode = code || "";
    document.body.classList.add("outside");
    $("roomLabel").hidden = true;
    $("door").hidden = false;
    $("inviteRow").hidden = !!pendingCode;
    $("doorText").textContent = pendingCode
      ? "You have been invited to a family story room. What should everyone call you?"
      : "This room is private: you come in with the invite link a grown-up sent you.";
    $("doorError").textContent = message || "";
    (pendingCode ? $("nameInput") : $("inviteInput")).focus();
  }

  function enter(who) {
    me = who;
    document.body.classList.remove("outside");
    $("door").hidden = true;
    $("room").textContent = who.roomName;
    $("roomLabel").hidden = false;
    for (const node of messages.values()) node.remove();
    messages.clear();
    retry = 0;
    connect();
  }

  async function join(event) {
    event.preventDefault();
    const invite = pendingCode || $("inviteInput").value.trim();
    const name = $("nameInput").value.trim();
    if (!invite) { $("doorError").textContent = "Paste the invite link a grown-up sent you."; return; }
    $("joinButton").disabled = true;
    try {
      const response = await fetch("/api/join", {
        method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ invite, name })
      });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) { $("doorError").textContent = body.error || "That didn't work. Please try again."; return; }
      history.replaceState(null, "", "/");
      enter(body);
    } catch (error) {
      $("doorError").textContent = "I couldn't reach the story machine. Check the connection and try again.";
    } finally {
      $("joinButton").disabled = false;
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws`);
    socket.onopen = () => { retry = 0; statusEl.textContent = "online"; statusEl.classList.add("online"); notice.textContent = "";
      clearInterval(pingTimer); pingTimer = setInterval(() => send({ type: "ping" }), 25000); };
    socket.onmessage = (event) => {
      let frame; try { frame = JSON.parse(event.data); } catch (error) { return; }
      if (frame.type === "history") {
        // Keep private notes already shown; replace everything else with the room's history.
        for (const [id, node] of messages) if (!node.classList.contains("private")) { node.remove(); messages.delete(id); }
        for (const m of frame.messages || []) show(m);
      } else if (frame.type === "message") { show(frame.message); }
      else if (frame.type === "withdrawn") {
        // A public answer taken back (a request refused after all): it leaves the room.
        const node = messages.get(frame.messageId);
        if (node) { node.remove(); messages.delete(frame.messageId); }
      }
      else if (frame.type === "notice") { notice.textContent = frame.text; }
    };
    socket.onclose = async (event) => {
      statusEl.textContent = "offline"; statusEl.classList.remove("online"); clearInterval(pingTimer);
      socket = null;
      // Why the server closed, said kindly (the page reconnects by itself).
      if (event.code === 1009) notice.textContent = "That was too big to send. Please send something shorter.";
      else if (event.code === 1007) notice.textContent = "That message could not be read. Please type it again.";
      else if (event.code === 1008 && event.reason === "too slow") notice.textContent = "The connection was too slow; reconnecting…";
      const who = await whoAmI();
      if (who === null) { showDoor("", "You are no longer in this room. Ask a grown-up for a new invite link."); return; }
      if (who) me = who;
      const wait = Math.min(10000, 500 * 2 ** retry++) + Math.random() * 300;
      setTimeout(() => { if (me && !socket) connect(); }, wait);
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
      else { text.value = chip.dataset.fill.replace("name:", "name:" + ((me && me.name.split(" ")[0]) || "Mia")); text.focus(); }
    });
  }
  $("joinForm").addEventListener("submit", join);
  $("who").addEventListener("click", () => {
    if (!me) return;
    $("meText").textContent = `You are ${me.name}, a ${me.role} in “${me.roomName}”.`;
    $("meHint").textContent = me.role === "grown-up"
      ? "Invite someone with /family invite child (or grown-up); see everyone with /family members."
      : "Ask a grown-up if you would like someone else to join.";
    $("meDialog").showModal();
  });

  (async () => {
    const code = location.pathname === "/join" ? decodeURIComponent(location.hash.slice(1)) : "";
    if (code) { showDoor(code); return; }
    const who = await whoAmI();
    if (who) enter(who);
    else showDoor("", who === undefined ? "I couldn't reach the story machine. Reload the page to try again." : "");
  })();
})();
"""#
}
