/// The family web chat page: HTML and CSS here, its script in ``WebChatScript`` (served as
/// `/app.js`, so the Content-Security-Policy allows no inline script). Nothing is loaded from
/// the internet and there is no build step. The same page answers `/` and `/join#CODE`.
enum WebChatPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#1f2547">
<meta name="referrer" content="no-referrer">
<title>Magical Stories</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body class="outside">
<header>
  <h1>🌙 Magical Stories<span id="roomLabel" hidden> · <span id="room"></span></span></h1>
  <span id="status">offline</span>
  <button id="who" title="Who am I?">👤</button>
</header>
<section id="door" hidden>
  <form id="joinForm" autocomplete="off">
    <h2>Welcome to a family story room</h2>
    <p id="doorText">This room is private: you come in with the invite link a grown-up sent you.</p>
    <label id="inviteRow">Invite link<input id="inviteInput" maxlength="300" placeholder="…/join#…"></label>
    <label>Your name<input id="nameInput" maxlength="40" required placeholder="Mia, Grandpa Joe, 家族のママ…"></label>
    <div id="doorError" role="alert"></div>
    <button id="joinButton" class="primary">Come in</button>
  </form>
</section>
<main id="log" aria-live="polite"></main>
<footer>
  <div id="notice"></div>
  <div id="chips">
    <button data-fill='/story new theme:"a sleepy dragon" name: age:5'>✨ New story</button>
    <button data-send="/story library">📚 Library</button>
    <button data-send="/collection list">🌱 Collections</button>
    <button data-send="/cast list">🎭 Cast</button>
    <button data-send="/help">❓ Help</button>
  </div>
  <form id="form" autocomplete="off">
    <input id="text" maxlength="2000" placeholder='Say hello, or /story new theme:"a sleepy dragon" name:Mia age:5'>
    <button type="submit" class="primary">Send</button>
  </form>
</footer>
<dialog id="meDialog">
  <form method="dialog">
    <p id="meText"></p>
    <p id="meHint"></p>
    <button class="primary">OK</button>
  </form>
</dialog>
</body>
</html>
"""#

    static let css = #"""
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
  audio.narration { width:100%; margin:.4rem 0; }
  figure.portrait { margin:.4rem 0; max-width:320px; } figure.portrait img { width:100%; height:auto; border-radius:.7rem; display:block; } figure.portrait figcaption { font-size:.9rem; opacity:.85; margin-top:.2rem; }
  .page img { width:100%; height:auto; aspect-ratio:3/2; border-radius:.7rem; display:block; background:#0003; }
  .page pre.art { font:clamp(.4rem, 2.1vw, 1rem)/1.05 "DejaVu Sans Mono", Menlo, Consolas, monospace; margin:0; padding:.4rem;
    border-radius:.7rem; background:#0b0e22; color:#f4f1ff; overflow-x:auto; white-space:pre; }
  .page .text { font-size:1.12rem; margin:.6rem 0; white-space:pre-wrap; }
  .page .footer { font-size:.8rem; color:var(--muted); }
  a.book { display:inline-block; margin-top:.5rem; padding:.45rem .8rem; border-radius:.6rem; background:var(--accent); color:#fff; text-decoration:none; }
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
  dialog input, #door input { width:100%; font:inherit; padding:.5rem; margin:.3rem 0 .8rem; border-radius:.6rem; border:1px solid #ffffff40;
    background:#0003; color:var(--ink); }
  #door { flex:1; display:flex; align-items:center; justify-content:center; padding:1rem; }
  #door[hidden], [hidden] { display:none !important; }
  #door form { display:block; background:var(--panel); border:1px solid #ffffff30; border-radius:1rem; padding:1.2rem; max-width:24rem; width:100%; }
  #door h2 { margin:0 0 .5rem; font-size:1.2rem; color:var(--accent); }
  #door p { margin:.3rem 0 .8rem; color:var(--muted); }
  #doorError { color:var(--accent); min-height:1.2em; }
  body.outside #log, body.outside footer, body.outside #who, body.outside #status { display:none; }
"""#
}
