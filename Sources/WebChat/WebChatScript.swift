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

  // Page-turn buttons are symbols: say what they do to screen readers.
  const buttonNames = { "⏮": "First page", "◀": "Previous page", "▶": "Next page" };
  // Which story a message shows (a page, its book or its narration), for storyDeleted.
  function storyOf(m) {
    if (m.page) return m.page.storyId;
    const url = (m.book && m.book.url) || (m.audio && m.audio.url) || "";
    const found = /^\/(?:books|audio)\/([^/?#]+)/.exec(url);
    return found ? found[1] : "";
  }

  // The choice this member pressed in a vote, kept by this page only (never in the browser's
  // storage: no identity outside the session cookie); a reload forgets the mark, not the vote.
  const ballots = new Map();
  function ballotKey(vote) { return (me ? me.userId : "") + ":" + vote; }
  function myBallot(vote) { return ballots.get(ballotKey(vote)) || null; }
  function rememberBallot(vote, choice) { ballots.set(ballotKey(vote), choice); }

  // Who wrote it; the bot's messages carry a badge members cannot have (the server sets fromBot only on its own).
  function authorLine(m) {
    const who = el("div", "who", escapeHTML(m.author));
    if (m.fromBot) who.appendChild(el("span", "badge", "✨ story machine"));
    return who;
  }

  function render(m) {
    const mine = me && m.authorId === me.userId && !m.fromBot;
    const box = el("article", "msg" + (mine ? " me" : "") + (m.fromBot ? " bot" : "") + (m.isPrivate ? " private" : ""));
    box.dataset.id = m.id;
    box.dataset.story = storyOf(m);
    box.appendChild(authorLine(m));
    // At most one empty line in a row: a reply joined from parts (one of them empty) leaves no gap.
    if (m.text) box.appendChild(el("p", "", markdown(m.text.replace(/\n{3,}/g, "\n\n"))));
    if (m.page) {
      const page = el("section", "page");
      page.appendChild(el("h2", "", escapeHTML(m.page.title)));
      const alt = m.page.imageAlt || ("Illustration for " + m.page.title + ", " + m.page.footer);
      if (m.page.imageUrl) { const img = el("img"); img.src = m.page.imageUrl; img.alt = alt; img.loading = "lazy"; page.appendChild(img); }
      if (m.page.textArtUrl) { const art = el("pre", "art"); art.setAttribute("role", "img"); art.setAttribute("aria-label", m.page.imageAlt || ("Text-art illustration for " + m.page.title + ", " + m.page.footer)); page.appendChild(art); fetch(m.page.textArtUrl).then(r => r.ok ? r.text() : "").then(t => { art.textContent = t; }); }
      page.appendChild(el("div", "text", markdown(m.page.text)));
      page.appendChild(el("div", "footer", escapeHTML(m.page.footer)));
      box.appendChild(page);
    }
    if (m.book) {
      const link = el("a", "book", "📖 Download <strong>" + escapeHTML(m.book.filename) + "</strong>");
      link.href = m.book.url; link.setAttribute("download", m.book.filename);
      box.appendChild(link);
    }
    if (m.invite) box.appendChild(inviteCard(m.invite));
    if (m.pictures) { for (const p of m.pictures) { const fig = el("figure", "portrait"); const img = el("img"); img.src = p.url; img.alt = "Portrait of " + p.caption; img.loading = "lazy"; fig.appendChild(img); fig.appendChild(el("figcaption", "", escapeHTML(p.caption))); box.appendChild(fig); } }
    if (m.audio) { const player = el("audio", "narration"); player.controls = true; player.preload = "none"; player.src = m.audio.url; player.setAttribute("aria-label", "Read aloud, " + m.audio.durationText); box.appendChild(player); }
    for (const row of m.buttons || []) {
      const bar = el("div", "buttons");
      for (const b of row) {
        // A vote's count stays on the line of its choice's last word ("glow · 0", never a lone "0").
        const btn = el("button", b.style, escapeHTML(b.label.replace(/ · (\d+)$/, "\u00a0·\u00a0$1")));
        btn.type = "button";
        btn.disabled = b.disabled;
        if (buttonNames[b.label]) btn.setAttribute("aria-label", buttonNames[b.label]);
        // Buttons whose id starts with "ui:" act in the page and are never sent to the server.
        // A vote's choice this member pressed is marked (kept in this browser: the message is the room's).
        const ballot = /^ms:v:([^:]+):(\d+)$/.exec(b.id);
        if (ballot && myBallot(ballot[1]) === ballot[2]) {
          btn.classList.add("chosen"); btn.setAttribute("aria-pressed", "true"); btn.innerHTML = "✓\u00a0" + btn.innerHTML;
          btn.title = "Your vote";
        }
        btn.addEventListener("click", () => {
          if (ballot) rememberBallot(ballot[1], ballot[2]);
          b.id.startsWith("ui:") ? pageAction(b.id) : send({ type: "press", buttonId: b.id, messageId: m.id });
        });
        bar.appendChild(btn);
      }
      box.appendChild(bar);
    }
    if (m.isPrivate) box.appendChild(el("div", "note", "Only you can see this"));
    return box;
  }

  // An invite: its link (a tap copies it rather than opening it here), Copy, and Share where the browser can.
  function inviteCard(invite) {
    const card = el("div", "invite");
    card.appendChild(el("div", "label", invite.role === "grown-up" ? "Invite link for a grown-up" : "Invite link for a child"));
    const link = el("a");
    link.href = invite.url; link.textContent = invite.url; link.rel = "noreferrer";
    link.addEventListener("click", (event) => { event.preventDefault(); copyLink(invite.url, link); });
    card.appendChild(link);
    const meta = [invite.expiresText, invite.usesText].filter(Boolean).join(" · ");
    if (meta) card.appendChild(el("div", "meta", escapeHTML(meta)));
    if (invite.warning) { const warning = el("p", "warning", "⚠️ " + escapeHTML(invite.warning)); warning.setAttribute("role", "note"); card.appendChild(warning); }
    const bar = el("div", "buttons");
    const copy = el("button", "primary", "📋 Copy");
    copy.type = "button"; copy.setAttribute("aria-label", "Copy the invite link");
    copy.addEventListener("click", () => copyLink(invite.url, link));
    bar.appendChild(copy);
    if (navigator.share) {
      const share = el("button", "", "📤 Share");
      share.type = "button"; share.setAttribute("aria-label", "Share the invite link");
      share.addEventListener("click", () => {
        navigator.share({ title: "Magical Stories", text: "Come and read bedtime stories with us:", url: invite.url }).catch(() => {});
      });
      bar.appendChild(share);
    }
    card.appendChild(bar);
    return card;
  }

  async function copyLink(url, link) {
    try {
      await navigator.clipboard.writeText(url);
      tell("Invite link copied: send it to them privately.");
      return;
    } catch (error) { /* no clipboard (plain http on a phone, or not allowed): select it instead */ }
    const range = document.createRange();
    range.selectNodeContents(link);
    const selection = window.getSelection();
    selection.removeAllRanges(); selection.addRange(range);
    let copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    tell(copied ? "Invite link copied: send it to them privately." : "The invite link is selected: copy it with your phone's menu.");
  }

  // A short word from the page itself, gone after a while unless something else was said since.
  function tell(words) {
    notice.textContent = words;
    setTimeout(() => { if (notice.textContent === words) notice.textContent = ""; }, 10000);
  }

  function pageAction(id) {
    if (id === "ui:new-story") openStoryForm();
    else if (id === "ui:help") send({ type: "say", text: "/help" });
    else if (id === "ui:invite-child") send({ type: "say", text: "/family invite child" });
  }

  // Where the reader is: a message is in view when some of it is inside the log's visible part.
  function inView(node) {
    const box = node.getBoundingClientRect(), view = log.getBoundingClientRect();
    return box.bottom > view.top && box.top < view.bottom;
  }
  // A story page arrives with its title and picture in view: its top at the top of the chat (as
  // far as the chat scrolls: a short last message simply ends the chat, as any message does).
  function reveal(node) {
    const top = node.getBoundingClientRect().top - log.getBoundingClientRect().top + log.scrollTop - 8;
    log.scrollTop = Math.min(top, log.scrollHeight);
  }

  function show(m, fromHistory) {
    const nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 120;
    const node = render(m);
    const old = messages.get(m.id);
    const wasSeen = old && old.isConnected && inView(old);
    if (old && old.isConnected) old.replaceWith(node); else log.appendChild(node);
    messages.set(m.id, node);
    if (fromHistory) return;
    if (m.page && (!old || wasSeen || nearBottom)) reveal(node);
    else if (nearBottom || !old) log.scrollTop = log.scrollHeight;
  }

  function forgetStory(storyId) {
    if (!storyId) return;
    for (const [id, node] of messages) if (node.dataset.story === storyId) { node.remove(); messages.delete(id); }
    tell("A story was deleted.");
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

  function showDoor(code, message, preview) {
    me = null;
    if (socket) { socket.onclose = null; socket.close(); socket = null; }
    clearInterval(pingTimer);
    pendingCode = code || "";
    document.body.classList.add("outside");
    $("roomLabel").hidden = true;
    $("door").hidden = false;
    $("switchRoom").hidden = true;
    $("nameRow").hidden = false; $("joinButton").hidden = false;
    $("inviteRow").hidden = !!pendingCode;
    $("doorText").textContent = pendingCode
      ? (preview ? `This link is for “${preview.room}” as ${roleWords(preview.role)}. What should everyone call you?`
                 : "You have been invited to a family story room. What should everyone call you?")
      : "This room is private: you come in with the invite link a grown-up sent you.";
    $("doorError").textContent = message || "";
    (pendingCode ? $("nameInput") : $("inviteInput")).focus();
  }

  function roleWords(role) { return role === "grown-up" ? "a grown-up" : "a child"; }

  // Which room and role an invite opens (nothing is used up): {room, role}, or {error} in kind words.
  async function previewInvite(code) {
    try {
      const response = await fetch("/api/invite-preview", {
        method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ invite: code })
      });
      const body = await response.json().catch(() => ({}));
      return response.ok ? body : { error: body.error || "That invite link doesn't work. Ask a grown-up for a new one." };
    } catch (error) { return { error: "I couldn't reach the story machine. Reload the page to try again." }; }
  }

  // An invite link opened: name its room and role; a browser already in a room is asked before it leaves.
  async function openInvite(code) {
    const [preview, who] = await Promise.all([previewInvite(code), whoAmI()]);
    if (preview.error) {
      if (who) { history.replaceState(null, "", "/"); enter(who); tell(preview.error); }
      else showDoor("", preview.error);
      return;
    }
    if (!who) { showDoor(code, "", preview); return; }
    showDoor(code, "", preview);
    $("nameRow").hidden = true; $("joinButton").hidden = true;
    $("doorText").textContent = "";
    $("switchText").textContent = `You are in “${who.roomName}” as ${who.name}. This link is for “${preview.room}” as ${roleWords(preview.role)}. `
      + `Leave “${who.roomName}” and join “${preview.room}”?`;
    $("switchRoom").hidden = false;
    $("switchStay").onclick = () => { history.replaceState(null, "", "/"); enter(who); };
    $("switchJoin").onclick = () => showDoor(code, "", preview);
    $("switchStay").focus();
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
        for (const m of frame.messages || []) show(m, true);
        log.scrollTop = log.scrollHeight;
        const last = log.lastElementChild;
        if (last && last.querySelector(".page")) reveal(last);
      } else if (frame.type === "message") { show(frame.message); }
      else if (frame.type === "withdrawn") {
        // A public answer taken back (a request refused after all): it leaves the room.
        const node = messages.get(frame.messageId);
        if (node) { node.remove(); messages.delete(frame.messageId); }
      }
      else if (frame.type === "storyDeleted") { forgetStory(frame.storyId); }
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
  for (const chip of document.querySelectorAll("#chips button[data-send]")) {
    chip.addEventListener("click", () => send({ type: "say", text: chip.dataset.send }));
  }
  $("newStory").addEventListener("click", openStoryForm);

  // The new-story form: a theme, a hero (one of the family's cast, or a typed name: never the
  // asker's own name, with the pronouns the story uses for them: by the name unless chosen) and
  // an age, sent as the /story new command.
  const storyDialog = $("storyDialog"), heroSelect = $("storyHero"), heroName = $("storyName");
  const someoneElse = "";
  function showHeroName() { $("storyNameRow").hidden = heroSelect.value !== someoneElse; }
  async function openStoryForm() {
    let cast = [];
    try {
      const response = await fetch("/api/cast", { credentials: "same-origin", cache: "no-store" });
      if (response.ok) cast = (await response.json()).members || [];
    } catch (error) { /* offline: a typed name still works */ }
    heroSelect.replaceChildren();
    for (const member of cast) {
      const option = el("option"); option.value = member.name;
      const about = [member.kind, member.pronouns].filter(Boolean).join(", ");
      option.textContent = member.name + (about ? " (" + about + ")" : "");
      heroSelect.appendChild(option);
    }
    const typed = el("option"); typed.value = someoneElse; typed.textContent = cast.length ? "Someone else (type a name)" : "Type a name";
    heroSelect.appendChild(typed);
    $("storyHeroRow").hidden = cast.length === 0;
    heroSelect.value = cast.length ? cast[0].name : someoneElse;
    heroName.value = "";
    $("storyPronouns").value = "";
    showHeroName();
    if (!storyDialog.open) storyDialog.showModal();
    $("storyTheme").focus();
  }
  // Quotes and colons would change what the command means: a value keeps only its words.
  function optionValue(s) { return s.replace(/["“”„«»:]/g, " ").replace(/\s+/g, " ").trim(); }
  heroSelect.addEventListener("change", showHeroName);
  $("storyCancel").addEventListener("click", () => storyDialog.close());
  $("storyForm").addEventListener("submit", (event) => {
    event.preventDefault();
    const theme = optionValue($("storyTheme").value);
    if (!theme) { $("storyTheme").focus(); return; }
    let command = `/story new theme:"${theme}"`;
    const castName = heroSelect.value !== someoneElse ? optionValue(heroSelect.value) : "";
    const typedName = optionValue(heroName.value);
    if (castName) command += ` name:${castName} cast:${castName}`;
    else if (typedName) command += ` name:${typedName}`;
    const pronouns = $("storyPronouns").value;
    if (!castName && ["he", "she", "they"].includes(pronouns)) command += ` pronouns:${pronouns}`;
    command += ` age:${$("storyAge").value}`;
    if (send({ type: "say", text: command })) { storyDialog.close(); $("storyTheme").value = ""; }
  });
  $("joinForm").addEventListener("submit", join);
  $("who").addEventListener("click", () => {
    if (!me) return;
    $("meText").textContent = `You are ${me.name}, a ${me.role} in “${me.roomName}”.`;
    $("meHint").textContent = me.role === "grown-up"
      ? "Invite someone with /family invite child (or grown-up); see everyone with /family members."
      : "Ask a grown-up if you would like someone else to join.";
    $("meDialog").showModal();
  });

  // Sign out: this browser only, or every browser of this member (their open pages close too).
  async function signOut(everywhere) {
    try {
      const response = await fetch(everywhere ? "/api/signout/everywhere" : "/api/signout", { method: "POST", credentials: "same-origin" });
      if (!response.ok && response.status !== 401) { $("meHint").textContent = "That didn't work. Please try again."; return; }
    } catch (error) { $("meHint").textContent = "I couldn't reach the story machine. Please try again."; return; }
    $("meDialog").close();
    showDoor("", everywhere ? "You are signed out on every device." : "You are signed out on this device.");
  }
  $("signOut").addEventListener("click", () => signOut(false));
  $("signOutEverywhere").addEventListener("click", () => signOut(true));

  // The invite code in the address (`/join#CODE`); another link pasted into the same tab changes only the hash.
  function codeInAddress() { return location.pathname === "/join" ? decodeURIComponent(location.hash.slice(1)) : ""; }
  window.addEventListener("hashchange", () => { const code = codeInAddress(); if (code) openInvite(code); });

  (async () => {
    const code = codeInAddress();
    if (code) { openInvite(code); return; }
    const who = await whoAmI();
    if (who) enter(who);
    else showDoor("", who === undefined ? "I couldn't reach the story machine. Reload the page to try again." : "");
  })();
})();
"""#
}
