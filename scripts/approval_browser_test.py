"""A grown-up says yes first, in the web chat: real headless Chromium phones at 390×844 against a
running `magical-stories serve` with its built-in writer and illustrator (scripts/browser-test.sh
starts it and makes the invites).

A grown-up and a child join a fresh room by their invites; the grown-up turns approval on
(`/settings set approval:on`, answered privately). The child asks for a story and is told kindly
that it is on its way — and sees no page. The grown-up gets the private bubble: page 1 with its
picture and ✅ Share, 🌙 Gentler, 🔄 Another. 🌙 makes a calmer one, shown in the same bubble; ✅
puts its page 1, picture loaded, on the child's phone. Until then a watcher in the child's page
records every page or bubble that ever reaches its chat (none may). axe-core is clean and the
layout holds at 390 px on every screen; each screen's screenshot goes to SHOTS.

Usage: approval_browser_test.py BASE_URL GROWN_UP_INVITE CHILD_INVITE [SHOTS]   (scripts/browser-test.sh runs it)
"""
import sys

from selenium.webdriver.common.by import By

from phone import Shots, phones, story_page

BASE, GROWN_UP_INVITE, CHILD_INVITE = sys.argv[1], sys.argv[2], sys.argv[3]
SHOTS = sys.argv[4] if len(sys.argv) > 4 else ".build/approval-shots"
MADE = 180  # seconds a story may take to be written and painted on a busy machine

# Records, in the child's page, every story page or approval bubble that is ever added to the chat
# (also one removed again before a check could look).
WATCH = """
window.storySeen = [];
new MutationObserver(records => { for (const record of records) for (const node of record.addedNodes) {
  if (node.nodeType !== 1) continue;
  const text = node.textContent || '';
  if (node.matches('section.page') || node.querySelector('section.page') || /Nobody else sees it|✅ Share|Gentler/.test(text))
    window.storySeen.push(text.slice(0, 160));
}}).observe(document.getElementById('log'), {childList: true, subtree: true});
"""


def say_step(text):
    print(f"✓ {text}", flush=True)


def bubble(phone, other_than=None):
    """The grown-ups' private bubble with page 1 (its picture loaded) and ✅ 🌙 🔄, for a story other
    than `other_than`."""
    message = story_page(phone, 1, without=(other_than,) if other_than else ())
    if not message or "private" not in (message.get_attribute("class") or "") or "Nobody else sees it" not in message.text:
        return None
    labels = [b.text.strip() for b in message.find_elements(By.CSS_SELECTOR, ".buttons button")]
    return message if labels == ["✅ Share", "🌙 Gentler", "🔄 Another"] else None


def private_note_after(phone, count, needle):
    """A private note newer than the first `count` messages holding `needle`."""
    return next((m for m in reversed(phone.messages()[count:])
                 if "private" in (m.get_attribute("class") or "") and needle in m.text), None)


def grown_ups_buttons(phone):
    """The approval's ✅ 🌙 🔄 buttons on this phone."""
    return [b for b in phone.all(".buttons button") if b.text.strip() in ("✅ Share", "🌙 Gentler", "🔄 Another")]


def nothing_of_the_story(phone):
    """The child's chat holds no page, no bubble and no grown-up's button, and never did."""
    pages = phone.all("section.page")
    assert not pages, f"the child sees a page before ✅: {pages[0].text[:120]}"
    assert not grown_ups_buttons(phone), "the child sees the grown-ups' buttons"
    seen = phone.js("return window.storySeen")
    assert seen == [], f"the child's chat was shown the story before ✅: {seen}"


shots = Shots(SHOTS)
with phones(shots, "grown-up", "child") as (grown_up, child):
    grown_up.come_in(GROWN_UP_INVITE, "Mum", BASE)
    child.come_in(CHILD_INVITE, "Mia", BASE)
    child.js(WATCH)
    grown_up.wait("“Mia joined”", lambda p: p.message_with("Mia joined"))

    # 1. The grown-up turns approval on: answered privately.
    count, child_count = len(grown_up.messages()), len(child.messages("article.msg.bot"))
    grown_up.say("/settings set approval:on")
    grown_up.wait("the setting's answer", lambda p: private_note_after(p, count, "approval"))
    grown_up.say("/settings show")
    shown = grown_up.wait("/settings show", lambda p: private_note_after(p, count, "A grown-up says yes first"))
    assert "A grown-up says yes first: on" in shown.text, shown.text
    grown_up.step("approval-on")
    grown_up.check_layout("approval turned on")
    answers = [m.text for m in child.messages("article.msg.bot")[child_count:] if "approval" in m.text or "yes first" in m.text]
    assert not answers, f"the child saw the setting's answer: {answers}"
    say_step("the grown-up turned approval on, answered privately")

    # 2. The child asks for a story: a kind "on its way", and no page.
    count = len(child.messages())
    child.say('/story new theme:"a lighthouse cat" name:Pip age:5')
    waiting = child.wait("the kind “on its way”", lambda p: private_note_after(p, count, "on its way"))
    assert "have a look first" in waiting.text, waiting.text
    nothing_of_the_story(child)
    child.step("on-its-way")
    child.check_layout("the child's “on its way”")
    say_step(f"the child asked and was told: {waiting.find_element(By.CSS_SELECTOR, 'p').text[:90]}…")

    # 3. The grown-up's private bubble: page 1 with its picture and ✅ 🌙 🔄; the child still sees nothing.
    first = grown_up.wait("the private bubble with page 1 and ✅ 🌙 🔄", bubble, timeout=MADE)
    assert "Mia" in first.text and "asked for a story" in first.text, first.text[:200]
    assert "Only you can see this" in first.text, "the bubble says it is private"
    said = grown_up.js("return arguments[0].querySelector(':scope > p').innerText", first)
    assert "\n\n\n" not in said, f"the bubble's text has a gap of empty lines: {said[:160]!r}"
    first_story, first_id = first.get_attribute("data-story"), first.get_attribute("data-id")
    grown_up.js("arguments[0].scrollIntoView({block: 'start'})", first)
    grown_up.step("bubble-top")
    grown_up.js("arguments[0].scrollIntoView({block: 'end'})", first)
    grown_up.step("bubble")
    grown_up.check_layout("the private bubble")
    nothing_of_the_story(child)
    child.step("nothing-yet")
    title = first.find_element(By.CSS_SELECTOR, "section.page h2").text
    say_step(f"the grown-up sees “{title}” privately with ✅ 🌙 🔄; the child's chat holds no page")

    # 4. 🌙 Gentler: a calmer remake arrives in the same bubble.
    grown_up.tap(grown_up.button_in(grown_up.wait("the bubble", bubble), "🌙"))
    # "🌙 Making a gentler one…" shows while it is made; the desk, woken as soon as the remake's page 1 is
    # painted, may replace it before a poll sees it, so either is a step on the way.
    grown_up.wait("“Making a gentler one” or the remake", lambda p: p.message_with("Making a gentler one", "article.msg.private")
                  or bubble(p, other_than=first_story))
    gentle = grown_up.wait("the gentler story in the bubble", lambda p: bubble(p, other_than=first_story), timeout=MADE)
    gentle_story = gentle.get_attribute("data-story")
    assert gentle.get_attribute("data-id") == first_id, "the remake replaced the bubble"
    assert not grown_up.all(f"article.msg[data-story='{first_story}']"), "the first story's bubble is gone"
    grown_up.js("arguments[0].scrollIntoView({block: 'end'})", gentle)
    grown_up.step("gentler")
    grown_up.check_layout("the gentler bubble")
    nothing_of_the_story(child)
    gentle_title = gentle.find_element(By.CSS_SELECTOR, "section.page h2").text
    # The remake is told gentler (no race, no puzzle, no fear): the job writes it from the stored request.
    words = "".join(c if c.isalpha() else " " for c in gentle_title.lower()).split()
    assert not {"race", "missing", "puzzle", "afraid"} & set(words), f"the gentler remake is calm: {gentle_title}"
    say_step(f"🌙 Gentler: “{gentle_title}” replaced “{title}” in the bubble; the child still sees nothing")

    # 5. ✅ Share: page 1 with its picture appears on the child's phone (and in the room for the grown-up).
    grown_up.tap(grown_up.button_in(grown_up.wait("the gentler bubble", lambda p: bubble(p, other_than=first_story)), "✅"))
    grown_up.wait("“shared with the room”", lambda p: next((m for m in p.messages("article.msg.private") if "shared with the room" in m.text.lower()), None))
    shared = child.wait("page 1 with its picture on the child's phone", lambda p: story_page(p, 1, gentle_story), timeout=MADE)
    assert "private" not in (shared.get_attribute("class") or ""), "the child's page is a room message"
    assert "Nobody else sees it" not in shared.text, "the room's page is not the grown-ups' bubble"
    assert child.button_in(shared, "▶"), "page 1 has its page buttons"
    assert not grown_ups_buttons(child), "the child never gets ✅ 🌙 🔄"
    assert not child.all(f"article.msg[data-story='{first_story}']"), "the first (not gentle) story never reached the child"
    seen = child.js("return window.storySeen")
    assert all("Nobody else sees it" not in s for s in seen), f"the child's chat was shown the bubble: {seen}"
    child.js("arguments[0].scrollIntoView({block: 'start'})", shared)
    child.step("shared")
    child.check_layout("the shared page")
    public = grown_up.wait("the shared page in the grown-up's room", lambda p: next(
        (m for m in p.all(f"article.msg[data-story='{gentle_story}']") if "private" not in (m.get_attribute("class") or "")), None))
    grown_up.js("arguments[0].scrollIntoView({block: 'start'})", public)
    grown_up.step("shared")
    say_step(f"✅ put “{gentle_title}” page 1 with its picture on the child's phone")
print(f"approval browser test passed: {shots.number} screenshots in {SHOTS}")
