"""Tonight's story, on time, in the web chat: real headless Chromium phones at 390×844 against a
running `magical-stories serve` whose stories are made 1 minute ahead (BEDTIME_MAKE_AHEAD_MINUTES=1,
set by browser-test.sh).

A grown-up and a child join a fresh room by their invites. The grown-up sets a bedtime for the next
whole minute at least 75 seconds away (`/bedtime set … story:new theme:moon boats`): the answer is
private, the child's phone shows nothing of it. At the minute — not before — both phones get
"🌙 Story time!" with page 1, its picture loaded and its buttons; the child turns the page and the
grown-up's phone follows. axe-core is clean and the layout holds at 390 px on every screen; each
screen's screenshot goes to SHOTS (scripts/evening-shots.sh copies them to docs/images/bedtime/).

Usage: bedtime_browser_test.py BASE_URL GROWN_UP_INVITE CHILD_INVITE [SHOTS]   (scripts/browser-test.sh runs it)
"""
import sys
import time

from selenium.webdriver.common.by import By

from phone import Phone, Shots

BASE, GROWN_UP_INVITE, CHILD_INVITE = sys.argv[1], sys.argv[2], sys.argv[3]
SHOTS = sys.argv[4] if len(sys.argv) > 4 else ".build/bedtime-shots"


def bedtime_post(phone):
    """The "🌙 Story time!" message once page 1's picture has loaded."""
    message = phone.message_with("🌙 Story time!", "article.msg.bot")
    if not message or "private" in (message.get_attribute("class") or ""):
        return None
    pages = message.find_elements(By.CSS_SELECTOR, "section.page")
    if not pages or not pages[0].find_element(By.CSS_SELECTOR, ".footer").text.startswith("page 1 of"):
        return None
    images = pages[0].find_elements(By.TAG_NAME, "img")
    if images and phone.js("return arguments[0].complete && arguments[0].naturalWidth > 0", images[0]):
        return message
    return None


shots = Shots(SHOTS)
grown_up, child = Phone("grown-up", shots), Phone("child", shots)
try:
    grown_up.come_in(GROWN_UP_INVITE, "Dad", BASE)
    child.come_in(CHILD_INVITE, "Mia", BASE)
    grown_up.wait("“Mia joined”", lambda p: p.message_with("Mia joined"))

    # The next whole minute at least 75 s away, on the service's (the machine's) clock: made 1 minute ahead.
    minute = (int(time.time()) // 60 + 1) * 60
    if minute - time.time() < 75:
        minute += 60
    hhmm = time.strftime("%H:%M", time.localtime(minute))
    before = len(child.messages())
    grown_up.say(f"/bedtime set time:{hhmm} story:new theme:moon boats")
    confirmation = grown_up.wait("the bedtime's confirmation", lambda p: p.message_with("Bedtime is set", "article.msg.private"))
    assert f"**{hhmm}**" in confirmation.get_attribute("innerHTML") or hhmm in confirmation.text, confirmation.text
    grown_up.step("bedtime-set")
    grown_up.check_layout("the bedtime's confirmation")
    print(f"✓ the grown-up set a bedtime at {hhmm}, answered privately: {confirmation.text.splitlines()[-1][:80]}…", flush=True)

    # At the minute, and not before, both phones get tonight's story.
    posted = {}
    for phone in (child, grown_up):
        message = phone.wait(f"🌙 Story time with page 1 and its picture ({phone.who})", bedtime_post, timeout=240)
        posted[phone.who] = time.time()
        assert phone.button_in(message, "▶"), "page 1 has its buttons"
        phone.js("arguments[0].scrollIntoView({block: 'end'})", message)
    assert min(posted.values()) >= minute - 1, f"posted {minute - min(posted.values()):.1f} s before bedtime"
    assert not any("Bedtime is set" in m.text for m in child.messages()[before:]), "the child never saw the grown-up's setting"
    for phone in (child, grown_up):
        phone.check_layout("the bedtime post")
        phone.step("bedtime-post")
    print(f"✓ at {hhmm} both phones showed 🌙 Story time with page 1 and its picture, "
          f"{max(posted.values()) - minute:.1f} s after the minute", flush=True)

    # The child turns the page; the grown-up's phone follows.
    story = bedtime_post(child).get_attribute("data-story")
    child.tap(child.button_in(bedtime_post(child), "▶"))
    for phone in (child, grown_up):
        phone.wait(f"page 2 ({phone.who})", lambda p: any(
            m.find_element(By.CSS_SELECTOR, "section.page .footer").text.startswith("page 2 of")
            for m in p.all(f"article.msg[data-story='{story}']") if m.find_elements(By.CSS_SELECTOR, "section.page")))
    child.step("bedtime-page-2")
    print("✓ the child turned tonight's story to page 2 and the grown-up's phone followed", flush=True)

    for phone in (grown_up, child):
        phone.check_csp()
    print(f"bedtime browser test passed: {shots.number} screenshots in {SHOTS}")
finally:
    for phone in (grown_up, child):
        phone.quit()
