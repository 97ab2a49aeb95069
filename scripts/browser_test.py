"""A family's evening in the web chat, on two phones: real headless Chromium at 390×844, against a
running `magical-stories serve` on a fresh database.

The grown-up follows the install's setup link and is welcomed; invites a child and shares the
invite (the invite card, Copy); the child, whose phone first sees only the door, joins and is
welcomed, and the grown-up sees "… joined". A story made with the new-story form arrives with its
title and picture in view on both phones; the child turns the page and the grown-up's phone
follows; read aloud plays; a cast story, a chapter, a picture book downloaded (a PDF, fetched in the
page); the grown-up deletes a story and it leaves the child's phone, also after a reload; the
child's delete and settings change are refused. Nobody speaks as the bot or a grown-up: the door
refuses the name "Magical Stories" and a grown-up's exact name, the bot's messages carry the badge
and a member's do not; an invite to another room (OTHER_ROOM_INVITE, made by browser-test.sh) opened
in a signed-in browser names that room and role and asks before leaving (Stay keeps the first
room; Join leaves it for the new one). axe-core finds no serious or critical problem on
any screen, no page logs a Content-Security-Policy violation, and at 320, 390 and 430 px nothing
overflows, the quick buttons do not overlap, the room's name shows and every touch target is at
least 44×44 px. Each step's screenshot goes to SHOTS (scripts/evening-shots.sh copies them to docs).

Usage: browser_test.py BASE_URL SETUP_LINK [SHOTS]   (scripts/browser-test.sh runs it)
"""
import os
import re
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from phone import Phone, Shots, story_page

BASE, SETUP_LINK = sys.argv[1], sys.argv[2]
OTHER_ROOM_INVITE = os.environ.get("OTHER_ROOM_INVITE", "")
SHOTS = sys.argv[3] if len(sys.argv) > 3 else ".build/evening-shots"


def say_step(text):
    print(f"✓ {text}", flush=True)


def title_and_picture_in_view(phone, message):
    """Whether the page's title and picture are on the screen (inside the chat's visible part)."""
    return phone.js("""
        const log = document.getElementById('log').getBoundingClientRect();
        const title = arguments[0].querySelector('section.page h2').getBoundingClientRect();
        const picture = arguments[0].querySelector('section.page img').getBoundingClientRect();
        return title.top >= log.top - 1 && picture.bottom <= log.bottom + 1 && title.bottom > log.top;
    """, message)


def private_reply_after(phone, count):
    """A private bot note newer than the first `count` messages."""
    notes = [m for m in phone.messages()[count:] if "private" in (m.get_attribute("class") or "")]
    return notes[-1] if notes else None


def new_story_with_form(phone, theme, hero=None, typed=None, age="5", pronouns=None):
    phone.tap(phone.find("#newStory"))
    phone.wait("the new-story form", lambda p: p.find("#storyDialog").is_displayed())
    assert phone.find("#storyName").get_attribute("value") == "", "the hero's name is never filled in for you"
    phone.find("#storyTheme").send_keys(theme)
    if hero:
        phone.wait(f"{hero} in the hero list", lambda p: p.find("#storyHero").is_displayed()
                   and hero in [o.get_attribute("value") for o in p.all("#storyHero option")])
        Select(phone.find("#storyHero")).select_by_value(hero)
    if typed:
        assert phone.find("#storyName").is_displayed(), "the hero's name can be typed"
        phone.find("#storyName").send_keys(typed)
    if pronouns:
        assert phone.find("#storyPronouns").is_displayed(), "the typed hero's pronouns can be chosen"
        assert phone.find("#storyPronouns").get_attribute("value") == "", "the hero is called by the name unless chosen"
        Select(phone.find("#storyPronouns")).select_by_value(pronouns)
    Select(phone.find("#storyAge")).select_by_visible_text(age)


def sent_command(phone, prefix):
    mine = [m.text for m in phone.all("article.msg.me > p") if prefix in m.text]
    return mine[-1] if mine else None


shots = Shots(SHOTS)
grown_up, child, visitor = Phone("grown-up", shots), Phone("child", shots), None
try:
    # 1. The grown-up follows the setup link, gives a name, and is welcomed.
    grown_up.open(SETUP_LINK)
    grown_up.wait("the door", lambda p: p.find("#nameInput").is_displayed())
    grown_up.step("door")
    grown_up.check_layout("the door", chat=False)
    grown_up.come_in(SETUP_LINK, "Grandma Rose", BASE)
    assert grown_up.find("#room").text, "the header names the room"
    welcome = grown_up.wait("the welcome", lambda p: next((m for m in p.messages("article.msg.private")
                                                           if m.find_elements(By.CSS_SELECTOR, ".buttons button")), None))
    grown_up.step("welcome")
    say_step(f"the grown-up came in by the setup link and was welcomed: {welcome.text.splitlines()[1][:70]}…")

    grown_up.tap(grown_up.find("#who"))
    grown_up.wait("who am I", lambda p: p.find("#meDialog").is_displayed() and "Grandma Rose" in p.find("#meText").text)
    grown_up.step("who-am-i")
    grown_up.check_layout("who am I")
    grown_up.find("#meDialog button.primary").click()

    # 2. The grown-up invites a child and shares the invite: the invite card, Copy.
    grown_up.driver.execute_cdp_cmd("Browser.grantPermissions", {
        "origin": BASE.rstrip("/"), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    grown_up.say("/family invite child")
    card = grown_up.wait("the invite card", lambda p: next(iter(p.all("article.msg.private .invite")), None))
    link = card.find_element(By.CSS_SELECTOR, "a").get_attribute("href")
    assert re.fullmatch(r"https?://[^ ]+/join#[A-Za-z0-9_-]+", link), link
    text = card.find_element(By.XPATH, "./ancestor::article").find_element(By.CSS_SELECTOR, "p").text
    assert "/join#" not in text, "the link is not in the message text"
    share = card.find_elements(By.XPATH, ".//button[contains(., 'Share')]")
    assert bool(share) == grown_up.js("return !!navigator.share"), "Share only where navigator.share exists"
    grown_up.tap(card.find_element(By.XPATH, ".//button[contains(., 'Copy')]"))
    grown_up.wait("copied", lambda p: "invite link" in p.find("#notice").text.lower())
    copied = grown_up.driver.execute_async_script(
        "const done = arguments[0]; navigator.clipboard.readText().then(done, () => done(String(getSelection())))")
    assert copied == link, f"Copy put {copied!r} on the clipboard (or in the selection), not the link"
    # Where the page may not use the clipboard (plain HTTP on a phone), Copy selects the link instead.
    grown_up.js("navigator.clipboard.writeText = () => Promise.reject(new Error('not allowed'))")
    grown_up.tap(card.find_element(By.XPATH, ".//button[contains(., 'Copy')]"))
    grown_up.wait("the link selected", lambda p: p.js("return String(getSelection())") == link)
    grown_up.step("invite")
    grown_up.check_layout("the invite card")
    say_step(f"the invite card shows the link and copies it ({link.split('#')[0]}#…); "
             f"warning: {bool(card.find_elements(By.CSS_SELECTOR, '.warning'))}")

    # 3. Without an invite the child's phone sees only the door; with it, the child joins.
    child.open(BASE)
    child.wait("the door", lambda p: p.find("#inviteInput").is_displayed())
    assert not child.find("#log").is_displayed()
    assert child.js("return document.cookie") == "", "no cookie without an invite"
    child.come_in(link, "Mia", BASE)
    assert child.js("return document.cookie") == "", "scripts cannot read the session cookie"
    child_welcome = child.wait("the child's welcome", lambda p: next((m for m in p.messages("article.msg.private")
                                                                      if m.find_elements(By.CSS_SELECTOR, ".buttons button")), None))
    child.step("welcome")
    grown_up.wait("“Mia joined”", lambda p: p.message_with("Mia joined"))
    grown_up.step("joined")
    say_step("a phone without an invite sees only the door; the child joined, was welcomed, the grown-up saw “Mia joined”")

    # Ordinary message text is never turned into links.
    child.say("look at https://example.org/dragons please")
    said = child.wait("the child's message", lambda p: p.message_with("example.org/dragons", "article.msg.me"))
    assert not said.find_elements(By.TAG_NAME, "a"), "a link in a message's text stays text"

    # 4. The welcome's button opens the new-story form in the page; a story by the form.
    before = len(child.messages())
    button = child_welcome.find_element(By.CSS_SELECTOR, ".buttons button")
    child.tap(button)
    if child.find("#storyDialog").is_displayed():
        child.step("story-form")
        child.find("#storyCancel").click()
    else:
        child.wait("the welcome button's answer", lambda p: len(p.messages()) > before)
    assert not child.message_with("ui:"), "ui: buttons stay in the page"
    new_story_with_form(grown_up, "a sleepy dragon", typed="Mia", age="5", pronouns="she")
    grown_up.step("story-form")
    grown_up.check_layout("the new-story form")
    grown_up.find("#storySend").click()
    command = grown_up.wait("the form's command", lambda p: sent_command(p, "/story new"))
    assert 'theme:"a sleepy dragon"' in command and "name:Mia" in command and "age:5" in command, command
    assert "pronouns:she" in command, command
    assert "Grandma" not in command and "Rose" not in command, f"the form used the asker's name: {command}"
    pages = {}
    for phone in (grown_up, child):
        message = phone.wait(f"page 1 with its picture ({phone.who})", lambda p: story_page(p, 1))
        phone.wait(f"page 1's title and picture in view ({phone.who})", lambda p: title_and_picture_in_view(p, story_page(p, 1)))
        pages[phone.who] = message
        phone.step("story-page-1")
    dragon = pages["child"].get_attribute("data-story")
    alt = pages["child"].find_element(By.CSS_SELECTOR, "section.page img").get_attribute("alt")
    assert alt and len(alt) > 12, f"the picture says what it shows: {alt!r}"
    title = pages["child"].find_element(By.CSS_SELECTOR, "section.page h2").text
    say_step(f"the new-story form sent {command!r}; page 1 of “{title}” arrived in view on both phones")

    # 5. The child turns the page; the grown-up's phone follows.
    started = time.monotonic()
    child.tap(child.button_in(story_page(child, 1, dragon), "▶"))
    for phone in (child, grown_up):
        phone.wait(f"page 2 ({phone.who})", lambda p: story_page(p, 2, dragon))
        phone.wait(f"page 2's title and picture in view ({phone.who})", lambda p: title_and_picture_in_view(p, story_page(p, 2, dragon)))
    grown_up.step("page-turned")
    say_step(f"the child turned to page 2; both phones showed it, with its picture, within {time.monotonic() - started:.2f} s")

    # 6. Read aloud plays.
    child.tap(child.button_in(story_page(child, 2, dragon), "🔊"))
    player = child.wait("the read-aloud player", lambda p: next(iter(p.all("article.msg audio.narration")), None))
    child.js("arguments[0].scrollIntoView({block: 'center'}); arguments[0].play()", player)
    child.wait("the narration to load", lambda p: p.js("return arguments[0].readyState", player) >= 2
               and not p.js("return arguments[0].error", player))
    first = child.js("return arguments[0].currentTime", player)
    child.wait("the narration to play on", lambda p: p.js("return arguments[0].currentTime", player) > first + 0.3)
    child.js("arguments[0].pause()", player)
    child.step("read-aloud")
    say_step(f"read aloud played ({child.js('return arguments[0].currentTime', player):.1f} s heard)")

    # 7. A cast story: the family's cast, then the form's hero list.
    grown_up.say("/cast add name:Leo kind:child age:5 look:brown pigtails, a yellow raincoat pronouns:he")
    grown_up.wait("Leo in the cast", lambda p: p.message_with("Leo"))
    new_story_with_form(grown_up, "a picnic in the forest", hero="Leo", age="4")
    grown_up.step("story-form-cast")
    grown_up.find("#storySend").click()
    command = grown_up.wait("the cast story's command", lambda p: sent_command(p, "picnic"))
    assert "cast:Leo" in command and "name:Leo" in command and "pronouns:" not in command, command
    picnic_page = grown_up.wait("the cast story's page 1", lambda p: story_page(p, 1, without=(dragon,)))
    picnic = picnic_page.get_attribute("data-story")
    grown_up.wait("its title and picture in view", lambda p: title_and_picture_in_view(p, story_page(p, 1, picnic)))
    grown_up.step("cast-story")
    say_step(f"the cast story: {command!r}")

    # 8. Tonight's chapter of the newest story.
    grown_up.say("/story continue")
    chapter_page = grown_up.wait("the chapter's page 1", lambda p: story_page(p, 1, without=(dragon, picnic)))
    assert "chapter" in chapter_page.find_element(By.CSS_SELECTOR, ".footer").text, chapter_page.text
    grown_up.step("chapter")
    say_step("a chapter: " + chapter_page.find_element(By.CSS_SELECTOR, ".footer").text)

    # 9. The dragon story's picture book, downloaded in the page: a PDF.
    grown_up.say(f"/story book story:{title}")
    book = grown_up.wait("the download link", lambda p: next(iter(p.all("article.msg a.book")), None))
    grown_up.js("arguments[0].scrollIntoView({block: 'center'})", book)
    downloaded = grown_up.driver.execute_async_script("""
        const done = arguments[1];
        fetch(arguments[0], { credentials: 'same-origin' }).then(async r => {
          const bytes = new Uint8Array(await r.arrayBuffer());
          done({ status: r.status, type: r.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)), size: bytes.length });
        }, e => done({ error: String(e) }));
    """, book.get_attribute("href"))
    assert downloaded.get("status") == 200 and downloaded["head"] == "%PDF-", downloaded
    grown_up.step("book")
    say_step(f"the picture book downloaded in the page: {downloaded['type']}, {downloaded['size'] // 1024} KiB")

    # 10. The grown-up deletes the dragon story: it leaves the child's phone, and stays gone after a reload.
    assert child.all(f"article.msg[data-story='{dragon}']"), "the child's phone shows the dragon story"
    before = len(grown_up.messages())
    grown_up.say(f"/story delete story:{title}")
    confirm = grown_up.wait("the delete confirmation", lambda p: next((m for m in p.messages()[before:]
                                                                         if p.button_in(m, "Delete")), None))
    grown_up.tap(grown_up.button_in(confirm, "Delete"))
    child.wait("the story to leave the child's phone", lambda p: not p.all(f"article.msg[data-story='{dragon}']"))
    child.wait("the notice", lambda p: "deleted" in p.find("#notice").text)
    grown_up.wait("the story to leave the grown-up's phone", lambda p: not p.all(f"article.msg[data-story='{dragon}']"))
    child.step("story-deleted")
    child.driver.refresh()
    child.wait("online after the reload", lambda p: p.online())
    child.wait("the room's history", lambda p: story_page(p, 1, picnic) or story_page(p, 2, picnic) or p.all("article.msg[data-story]"))
    assert not child.all(f"article.msg[data-story='{dragon}']"), "the deleted story came back with the history"
    assert title not in [h.text for h in child.all("section.page h2")], "the deleted story's page came back"
    child.step("after-reload")
    say_step("the grown-up deleted a story: it left the child's phone at once and did not come back after a reload")

    # 11. The child may not delete the grown-up's story or change the settings.
    picnic_title = picnic_page.find_element(By.CSS_SELECTOR, "section.page h2").text
    count = len(child.messages())
    child.say(f"/story delete story:{picnic_title}")
    refusal = child.wait("the delete refusal", lambda p: private_reply_after(p, count))
    assert re.search(r"\bonly\b", refusal.text, re.I), refusal.text
    count = len(child.messages())
    child.say("/settings set max_pages:4")
    refusal = child.wait("the settings refusal", lambda p: private_reply_after(p, count))
    assert re.search(r"\bonly\b", refusal.text, re.I), refusal.text
    child.step("refused")
    assert not grown_up.message_with("Only the person who asked"), "refusals are private"
    assert child.all(f"article.msg[data-story='{picnic}']"), "the cast story is still there"
    say_step("the child's delete and settings change were refused, privately")

    # 12. Nobody speaks as the bot or as a grown-up: the door refuses those names; only the bot's messages carry the badge.
    cards = len(grown_up.all("article.msg .invite"))
    grown_up.say("/family invite child")
    card = grown_up.wait("another invite card", lambda p: (p.all("article.msg .invite")[cards:] or [None])[-1])
    family_link = card.find_element(By.CSS_SELECTOR, "a").get_attribute("href")
    visitor = Phone("visitor", shots)
    visitor.open(family_link)
    visitor.wait("the door naming the room and role", lambda p: p.find("#nameInput").is_displayed()
                 and "as a child" in p.find("#doorText").text)
    assert "“Family”" in visitor.find("#doorText").text, visitor.find("#doorText").text
    for taken in ("Magical Stories", "grandma rose"):
        visitor.find("#nameInput").clear()
        visitor.find("#nameInput").send_keys(taken)
        visitor.find("#joinButton").click()
        visitor.wait(f"“{taken}” refused", lambda p: "name" in p.find("#doorError").text.lower())
        assert not visitor.online() and visitor.find("#door").is_displayed(), f"{taken!r} came in"
    visitor.step("name-refused")
    bot_marks = grown_up.all("article.msg.bot .who .badge")
    assert bot_marks and all("story machine" in b.text for b in bot_marks), "the bot's messages carry the badge"
    members = grown_up.all("article.msg:not(.bot)")
    assert members and not any(m.find_elements(By.CSS_SELECTOR, ".badge") for m in members), "a member's message has no badge"
    say_step(f"the door refused “Magical Stories” and “grandma rose”; {len(bot_marks)} bot messages badged, {len(members)} members' not")

    # 13. An invite to another room, opened in a signed-in browser: it names the room and role and asks first.
    if OTHER_ROOM_INVITE:
        child.open(OTHER_ROOM_INVITE)
        child.wait("the question before leaving", lambda p: p.find("#switchRoom").is_displayed())
        question = child.find("#switchText").text
        assert question == ("You are in “Family” as Mia. This link is for “Sea Otters” as a child. "
                            "Leave “Family” and join “Sea Otters”?"), question
        assert not child.find("#nameInput").is_displayed(), "nobody leaves before they answer"
        child.step("leave-or-stay")
        child.tap(child.find("#switchStay"))
        child.wait("back in the first room", lambda p: p.online() and p.find("#room").text == "Family")
        assert child.driver.current_url.rstrip("/") == BASE.rstrip("/"), "Stay removed the code from the address bar"
        assert child.all(f"article.msg[data-story='{picnic}']"), "the first room's stories are still there"
        # The visitor, now in “Sea Otters”, follows the Family link and chooses Join: the door, then the new room.
        visitor.find("#nameInput").clear()
        visitor.come_in(OTHER_ROOM_INVITE, "Tom", BASE)
        assert visitor.find("#room").text == "Sea Otters"
        visitor.open(family_link)
        visitor.wait("the question before leaving", lambda p: p.find("#switchRoom").is_displayed())
        asked = visitor.find("#switchText").text
        assert asked.startswith("You are in “Sea Otters” as Tom. This link is for “Family” as a child."), asked
        visitor.tap(visitor.find("#switchJoin"))
        visitor.wait("the door asking for a name", lambda p: p.find("#nameInput").is_displayed())
        visitor.find("#nameInput").send_keys("Tom")
        visitor.find("#joinButton").click()
        visitor.wait("in “Family”", lambda p: p.online() and p.find("#room").text == "Family")
        say_step(f"an invite to another room asked first: “{question}” — Stay kept the child in “Family”; Join moved the visitor")
    visitor.quit()
    visitor = None

    # 14. The phone layout at 320, 390 and 430 px.
    for width in (320, 390, 430):
        for phone in (grown_up, child):
            phone.resize(width)
            phone.wait(f"the layout at {width} px ({phone.who})", lambda p: p.js("return innerWidth") == width)
            phone.check_layout("the chat")
        if width != 390:
            grown_up.step(f"layout-{width}px")
        if width == 320:
            # A long room name wraps in the header rather than being cut off.
            grown_up.js("document.getElementById('room').textContent = 'Les Dupont-Moreau, Grandpa Joe and everyone'")
            grown_up.check_layout("the chat, a long room name")
            grown_up.shoot("long-room-name-320px")
            grown_up.js("document.getElementById('room').textContent = 'Family'")
        grown_up.resize(390)
        child.resize(390)
    say_step("at 320, 390 and 430 px: nothing overflows, quick buttons apart, the room's name shown, touch targets ≥ 44 px")

    for phone in (grown_up, child):
        phone.check_csp()
    print(f"browser test passed: the evening in {shots.number} screenshots in {SHOTS}")
finally:
    for phone in (grown_up, child, visitor):
        if phone:
            phone.quit()
