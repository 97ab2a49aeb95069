"""The family votes what happens next, in the web chat: real headless Chromium phones at 390×844
against a running `magical-stories serve` with its built-in writer and illustrator
(scripts/browser-test.sh starts it and makes the invites).

Two members (a grown-up and a child) join a fresh room by their invites; the grown-up asks for a
story and turns it to its last page: both phones get "🗳️ What happens next?" with 2–3 choices as
buttons with their counts (said once: on the buttons, not in the text). The grown-up votes, the
child votes differently, the grown-up changes their vote: after each press both phones show the
same live counts, and each phone marks ✓ the choice its member pressed. `/story continue` makes the
next chapter, and the old vote turns closed with the winner on both phones at once (pushed, no press). The chapter's last
page asks again; one vote each for different choices is a tie, and the grown-up's 🔒 closes it with
the tie broken kindly ("Both! First …, then …"), which the next chapter follows. axe-core is clean
and the layout holds at 390 px on every screen; each screen's screenshot goes to SHOTS.

Usage: vote_browser_test.py BASE_URL GROWN_UP_INVITE CHILD_INVITE [SHOTS]   (scripts/browser-test.sh runs it)
"""
import re
import sys

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from phone import Shots, phones, story_page

BASE, GROWN_UP_INVITE, CHILD_INVITE = sys.argv[1], sys.argv[2], sys.argv[3]
SHOTS = sys.argv[4] if len(sys.argv) > 4 else ".build/vote-shots"
MADE = 180  # seconds a story may take to be written and painted on a busy machine
QUESTION = "What happens next?"


def say_step(text):
    print(f"✓ {text}", flush=True)


def vote_message(phone, vote):
    """The vote on what happens next whose message id is `vote`, or (None) the newest one."""
    return next((m for m in reversed(phone.messages()) if QUESTION in m.text and vote in (None, m.get_attribute("data-id"))), None)


def new_vote(phone, old):
    """The newest vote with its choice buttons that is not one of the `old` ones."""
    message = vote_message(phone, None)
    return message if message and message.get_attribute("data-id") not in old and choices(message) else None


def choices(message):
    """The vote's choice buttons as (label without its count or ✓ mark, count, button)."""
    found = []
    for button in message.find_elements(By.CSS_SELECTOR, ".buttons button"):
        match = re.fullmatch(r"(?:✓[ \u00a0])?(.+)[ \u00a0]·[ \u00a0](\d+)", button.text.strip())
        if match:
            found.append((match.group(1).replace("\u00a0", " "), int(match.group(2)), button))
    return found


def marked(message):
    """The indexes of the choices marked ✓ as this phone's member's vote."""
    return [index for index, (_, _, button) in enumerate(choices(message))
            if "chosen" in (button.get_attribute("class") or "") and button.get_attribute("aria-pressed") == "true"]


def mine_is(expected, vote):
    """A wait condition: this phone marks exactly the choices `expected` (indexes) as its member's."""
    def condition(phone):
        message = vote_message(phone, vote)
        return message if message and marked(message) == expected else None
    return condition


def counts_are(expected, vote):
    """A wait condition: the open vote shows exactly these counts on the buttons, and only there."""
    def condition(phone):
        message = vote_message(phone, vote)
        if not message:
            return None
        shown = choices(message)
        if [count for _, count, _ in shown] != expected:
            return None
        text = message.find_element(By.CSS_SELECTOR, "p").text
        assert not re.search(r"— \d+ votes?", text), f"the counts are said once, on the buttons: {text}"
        return message
    return condition


def press(phone, vote, index):
    phone.tap(choices(vote_message(phone, vote))[index][2])


def to_last_page(phone, story):
    """Turns `story` to its last page with ▶, waiting for each page; returns the page count."""
    message = phone.wait("page 1", lambda p: story_page(p, 1, story), timeout=MADE)
    total = int(re.search(r"page 1 of (\d+)", message.text).group(1))
    for number in range(2, total + 1):
        phone.tap(phone.button_in(story_page(phone, number - 1, story), "▶"))
        phone.wait(f"page {number} of {total}", lambda p: story_page(p, number, story))
    return total


def redrawn(element):
    """Whether `element` has left the page (its message was re-rendered)."""
    try:
        element.is_enabled()
        return False
    except StaleElementReferenceException:
        return True


def both_see(group, what, condition):
    """Waits on every phone of `group` for `condition`; their answers."""
    return [phone.wait(f"{what} ({phone.who})", condition) for phone in group]


def chapter_page(phone, known):
    return story_page(phone, 1, without=known)


shots = Shots(SHOTS)
with phones(shots, "grown-up", "child") as both:
    grown_up, child = both
    grown_up.come_in(GROWN_UP_INVITE, "Dad", BASE)
    child.come_in(CHILD_INVITE, "Leo", BASE)
    grown_up.wait("“Leo joined”", lambda p: p.message_with("Leo joined"))

    # 1. A story, turned to its last page: both phones get the vote with its buttons and counts.
    grown_up.say('/story new theme:"a sleepy owl" name:Pip age:5')
    first = grown_up.wait("page 1 with its picture", lambda p: story_page(p, 1), timeout=MADE).get_attribute("data-story")
    total = to_last_page(grown_up, first)
    vote_id = both_see(both, f"“{QUESTION}”", lambda p: new_vote(p, ()))[0].get_attribute("data-id")
    labels = [label for label, _, _ in choices(vote_message(grown_up, vote_id))]
    assert 2 <= len(labels) <= 3, f"2–3 choices: {labels}"
    for phone in both:
        vote = phone.wait(f"the choices with no votes yet ({phone.who})", counts_are([0] * len(labels), vote_id))
        assert [label for label, _, _ in choices(vote)] == labels, "both phones show the same choices"
        assert phone.button_in(vote, "🔒"), "the vote can be closed"
        assert "private" not in (vote.get_attribute("class") or ""), "the vote is the room's"
        phone.js("arguments[0].scrollIntoView({block: 'end'})", vote)
        phone.check_layout("the vote")
    grown_up.step("vote-asked")
    say_step(f"after page {total} of {total} both phones ask “{QUESTION}”: {labels}")

    # 2. One vote each, a changed mind: both phones show the live counts after every press.
    zero = [0] * len(labels)
    press(grown_up, vote_id, 0)
    both_see(both, "the grown-up's vote counted", counts_are([1, 0] + zero[2:], vote_id))
    grown_up.wait("the grown-up's choice marked ✓ on their phone", mine_is([0], vote_id))
    assert marked(vote_message(child, vote_id)) == [], "the child's phone marks nothing yet"
    press(child, vote_id, 1)
    both_see(both, "the child's vote counted", counts_are([1, 1] + zero[2:], vote_id))
    child.wait("the child's choice marked ✓ on their phone", mine_is([1], vote_id))
    grown_up.wait("the grown-up's phone still marks their own", mine_is([0], vote_id))
    for phone in both:
        phone.js("arguments[0].scrollIntoView({block: 'end'})", vote_message(phone, vote_id))
        phone.step("votes-1-1")
    press(grown_up, vote_id, 1)
    both_see(both, "the grown-up's vote moved", counts_are([0, 2] + zero[2:], vote_id))
    grown_up.wait("the ✓ moved with the grown-up's vote", mine_is([1], vote_id))
    for phone in both:
        phone.js("arguments[0].scrollIntoView({block: 'end'})", vote_message(phone, vote_id))
        phone.step("vote-changed")
        phone.check_layout("the live counts")
    shown = vote_message(grown_up, vote_id)
    press(grown_up, vote_id, 1)
    grown_up.wait("the vote re-shown after a repeated press", lambda p: redrawn(shown))
    both_see(both, "a repeated press counted once", counts_are([0, 2] + zero[2:], vote_id))
    winner = labels[1]
    say_step(f"Dad voted “{labels[0]}”, Leo “{winner}”, Dad changed to “{winner}”: both phones show 0 and 2, each marks its own ✓")

    # 3. /story continue: the next chapter follows the winner; the vote turns closed on both phones
    # at once, pushed (nobody presses it).
    open_vote = {phone.who: vote_message(phone, vote_id) for phone in both}
    grown_up.say("/story continue")
    chapter = grown_up.wait("chapter 2's page 1", lambda p: chapter_page(p, (first,)), timeout=MADE)
    assert "chapter" in chapter.find_element(By.CSS_SELECTOR, ".footer").text, chapter.text
    second = chapter.get_attribute("data-story")
    child.wait("chapter 2 on the child's phone", lambda p: story_page(p, 1, second))
    for phone in both:
        phone.wait(f"the open vote redrawn without a press ({phone.who})", lambda p: redrawn(open_vote[p.who]))
        closed = phone.wait(f"the closed vote naming the winner ({phone.who})", lambda p: next(
            (m for m in [vote_message(p, vote_id)] if m and "The vote is closed" in m.text), None))
        assert re.search(r"“[^”]+” wins!", closed.text), closed.text
        assert winner.split(" ", 1)[-1] in closed.text, f"the winner {winner!r} is named: {closed.text}"
        assert not choices(closed), "a closed vote has no buttons"
    child.step("vote-closed")
    grown_up.js("arguments[0].scrollIntoView({block: 'start'})", chapter)
    grown_up.step("chapter-2")
    say_step(f"/story continue made “{chapter.find_element(By.CSS_SELECTOR, 'h2').text}” "
             f"({chapter.find_element(By.CSS_SELECTOR, '.footer').text}); the vote closed: "
             f"{[line for line in closed.text.splitlines() if 'wins' in line][0]} (pushed to both phones, no press)")

    # 4. The chapter's last page asks again; a tie, closed by the grown-up, is broken kindly.
    old = vote_id
    to_last_page(child, second)
    vote_id = both_see(both, "the vote after chapter 2", lambda p: new_vote(p, (old,)))[0].get_attribute("data-id")
    tie_labels = [label for label, _, _ in choices(vote_message(child, vote_id))]
    assert winner not in tie_labels, f"the chosen adventure is not offered again: {tie_labels}"
    zero = [0] * len(tie_labels)
    press(grown_up, vote_id, 0)
    both_see(both, "the grown-up's vote", counts_are([1] + zero[1:], vote_id))
    press(child, vote_id, 1)
    both_see(both, "a tie", counts_are([1, 1] + zero[2:], vote_id))
    known_notes = {m.get_attribute("data-id") for m in child.messages("article.msg.private")}
    child.tap(child.button_in(vote_message(child, vote_id), "🔒"))
    refusal = child.wait("a kind refusal of the child's 🔒", lambda p: next(
        (m for m in p.messages("article.msg.private") if "grown-up" in m.text.lower() and "close the vote" in m.text
         and m.get_attribute("data-id") not in known_notes), None))
    grown_up.tap(grown_up.button_in(vote_message(grown_up, vote_id), "🔒"))
    for phone in both:
        tie = phone.wait(f"the tie broken kindly ({phone.who})", lambda p: next(
            (m for m in [vote_message(p, vote_id)] if m and "Both! First" in m.text), None))
        first_name, then_name = (label.split(" ", 1)[-1] for label in tie_labels[:2])
        assert f"First “{first_name}”, then “{then_name}”" in tie.text, tie.text
        phone.js("arguments[0].scrollIntoView({block: 'end'})", tie)
        phone.check_layout("the tie")
    grown_up.step("tie")
    grown_up.say("/story continue")
    third = grown_up.wait("chapter 3's page 1", lambda p: chapter_page(p, (first, second)), timeout=MADE)
    child.wait("chapter 3 on the child's phone", lambda p: story_page(p, 1, third.get_attribute("data-story")))
    say_step(f"a 1–1 tie closed by the grown-up (the child's 🔒 refused: {refusal.text.splitlines()[1][:60]}…): "
             f"{[line for line in tie.text.splitlines() if 'Both!' in line][0]}; chapter 3 followed")
print(f"vote browser test passed: {shots.number} screenshots in {SHOTS}")
