"""The family web chat in real headless Chromium browsers, against a running `magical-stories serve`.

A grown-up follows the fresh install's setup link, invites a child from the chat; the child
joins in a second browser (its own cookies); both read the same story and turn its pages; the
child's delete and settings change are refused; a third browser without an invite sees only the
door. No page may log a Content-Security-Policy violation.

Usage: browser_test.py BASE_URL SETUP_LINK   (scripts/browser-test.sh runs it)
"""
import re
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BASE, SETUP_LINK = sys.argv[1], sys.argv[2]
WAIT = 60


def browser():
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1000,1400"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, what, condition, timeout=WAIT):
    # Messages are re-rendered when the bot edits them: an element found a moment ago may be gone.
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1,
                             ignored_exceptions=(StaleElementReferenceException,)).until(lambda d: condition(d))
    except TimeoutException:
        texts = driver.execute_script("return [...document.querySelectorAll('article.msg')].slice(-5).map(m => m.innerText)")
        raise AssertionError(f"timed out waiting for {what}; last messages: {texts}; url: {driver.current_url}")


def come_in(driver, link, name):
    driver.get(link)
    wait(driver, "the door asking for a name", lambda d: d.find_element(By.ID, "nameInput").is_displayed())
    assert not driver.find_element(By.ID, "inviteRow").is_displayed(), "the link already carries the invite"
    driver.find_element(By.ID, "nameInput").send_keys(name)
    driver.find_element(By.ID, "joinButton").click()
    wait(driver, "online", lambda d: d.find_element(By.ID, "status").text == "online")
    assert driver.current_url.rstrip("/") == BASE.rstrip("/"), "the invite code left the address bar"


def say(driver, text):
    box = driver.find_element(By.ID, "text")
    box.clear()
    box.send_keys(text)
    driver.find_element(By.CSS_SELECTOR, "#form button").click()


def messages(driver, selector="article.msg"):
    return driver.find_elements(By.CSS_SELECTOR, selector)


def page_with_picture(driver, number):
    """The story message showing page `number`, once its picture has loaded."""
    for message in messages(driver):
        pages = message.find_elements(By.CSS_SELECTOR, "section.page")
        if not pages or f"page {number} of" not in pages[0].find_element(By.CSS_SELECTOR, ".footer").text:
            continue
        images = pages[0].find_elements(By.TAG_NAME, "img")
        if not images:
            continue
        # Pictures load lazily, when their page is on screen: look at it, as a reader would.
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", images[0])
        if driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", images[0]):
            return message
    return None


def private_note(driver, needle):
    for message in messages(driver, "article.msg.private"):
        if needle in message.text:
            return message
    return None


def csp_violations(driver):
    return [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]


grown_up, child, stranger = browser(), browser(), browser()
try:
    # The grown-up follows the setup link and invites a child from the chat.
    come_in(grown_up, SETUP_LINK, "Anna")
    assert "Family" in grown_up.find_element(By.ID, "room").text
    say(grown_up, "/family invite child")
    note = wait(grown_up, "the invite link", lambda d: private_note(d, "/join#"))
    link = re.search(r"(https?://\S+/join#[A-Za-z0-9_-]+)", note.text).group(1)
    print(f"invite link made in the chat: {link.split('#')[0]}#…")

    # The child joins in a second browser.
    come_in(child, link, "Mia")

    # A story for both: page 1 with its picture in each browser.
    say(grown_up, '/story new theme:"a sleepy dragon" name:Mia age:5 pages:3')
    for driver, who in ((grown_up, "grown-up"), (child, "child")):
        wait(driver, f"page 1 with its picture for the {who}", lambda d: page_with_picture(d, 1))
    title = wait(child, "the story's title", lambda d: page_with_picture(d, 1).find_element(By.CSS_SELECTOR, "section.page h2").text)
    print(f"both browsers show page 1 of “{title}” with its picture")

    # The child turns the page; the grown-up's browser follows.
    # (Turned before its picture is painted, page 2 fills in with it when it is: the wait below covers both.)
    def turn(d):
        [b for b in page_with_picture(d, 1).find_elements(By.CSS_SELECTOR, ".buttons button") if b.text == "▶"][0].click()
        return True
    wait(child, "the ▶ button", turn)
    for driver, who in ((grown_up, "grown-up"), (child, "child")):
        wait(driver, f"page 2 for the {who}", lambda d: page_with_picture(d, 2))
    print("the child turned to page 2 in both browsers")

    # The child may not delete the grown-up's story or change the settings.
    say(child, f"/story delete story:{title}")
    wait(child, "the delete refusal", lambda d: private_note(d, "Only the person who asked"))
    say(child, "/settings set max_pages:4")
    wait(child, "the settings refusal", lambda d: private_note(d, "Only server managers"))
    assert not private_note(grown_up, "Only the person who asked"), "refusals are private"
    say(grown_up, "/story library")
    wait(grown_up, "the story still in the library", lambda d: any(title in m.text and "Your family's stories" in m.text
                                                                   for m in messages(d)))
    print("the child's delete and settings change were refused; the story is still there")

    # Without an invite: only the door.
    stranger.get(BASE)
    wait(stranger, "the door", lambda d: d.find_element(By.ID, "inviteInput").is_displayed())
    assert not stranger.find_element(By.ID, "log").is_displayed()
    assert stranger.execute_script("return document.cookie") == "", "the session cookie is HttpOnly (and there is none)"
    assert child.execute_script("return document.cookie") == "", "scripts cannot read the session cookie"
    print("a browser without an invite sees only the door")

    for driver, who in ((grown_up, "grown-up"), (child, "child"), (stranger, "stranger")):
        violations = csp_violations(driver)
        assert not violations, f"CSP violations in the {who}'s browser: {violations}"
    print("browser test passed")
finally:
    for driver in (grown_up, child, stranger):
        driver.quit()
