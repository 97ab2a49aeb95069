"""One phone in the real-browser evening test (scripts/browser_test.py): a headless Chromium at a
phone's size, with what a test asks of it — wait for a message, tap, type, look at the layout,
run axe-core, keep a numbered screenshot, collect Content-Security-Policy violations.
"""
import json
import os
from contextlib import contextmanager

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 90
PHONE = {"width": 390, "height": 844}

# Everything a finger can tap in the page.
TAPPABLE = "button, a[href], input, select, audio[controls]"


def story_page(phone, number, story=None, without=()):
    """The message showing page `number` (of `story`, or of any story not in `without`), once its
    picture has loaded."""
    for message in reversed(phone.messages()):
        found = message.get_attribute("data-story")
        if story and found != story or found in without:
            continue
        pages = message.find_elements(By.CSS_SELECTOR, "section.page")
        if not pages or not pages[0].find_element(By.CSS_SELECTOR, ".footer").text.startswith(f"page {number} of"):
            continue
        images = pages[0].find_elements(By.TAG_NAME, "img")
        if images and phone.js("return arguments[0].complete && arguments[0].naturalWidth > 0", images[0]):
            return message
    return None


@contextmanager
def phones(shots, *whos):
    """The test's phones (one per name), closed whatever happens; once the test got through, each
    is checked for Content-Security-Policy violations."""
    made = [Phone(who, shots) for who in whos]
    try:
        yield made
        for phone in made:
            phone.check_csp()
    finally:
        for phone in made:
            phone.quit()


class Shots:
    """Numbered screenshots of each step, named by step and phone, in one folder."""

    def __init__(self, folder):
        self.folder = folder
        self.number = 0
        os.makedirs(folder, exist_ok=True)
        for old in os.listdir(folder):
            if old.endswith(".png"):
                os.remove(os.path.join(folder, old))

    def take(self, phone, step):
        self.number += 1
        path = os.path.join(self.folder, f"{self.number:02d}-{step}-{phone.who}.png")
        phone.driver.save_screenshot(path)
        return path


class Phone:
    def __init__(self, who, shots):
        self.who = who
        self.shots = shots
        self.console = []
        options = webdriver.ChromeOptions()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--autoplay-policy=no-user-gesture-required", "--hide-scrollbars"):
            options.add_argument(flag)
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {**PHONE, "pixelRatio": 1.0, "touch": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                         "Chrome/126.0 Mobile Safari/537.36"})
        options.binary_location = "/usr/bin/chromium"
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.driver.set_script_timeout(60)
        self.axe = Axe(self.driver)

    def quit(self):
        self.driver.quit()

    # Waiting and reading

    def wait(self, what, condition, timeout=WAIT):
        """Waits until `condition(self)` is truthy; messages re-render when the bot edits them."""
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1,
                                 ignored_exceptions=(StaleElementReferenceException,)).until(lambda _: condition(self))
        except TimeoutException:
            notice = self.js("return document.getElementById('notice').textContent")
            raise AssertionError(f"{self.who}: timed out waiting for {what}; last messages: {self.last_texts()}; notice: {notice!r}")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def find(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def all(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def messages(self, selector="article.msg"):
        return self.all(selector)

    def last_texts(self, count=5):
        return self.js(f"return [...document.querySelectorAll('article.msg')].slice(-{count}).map(m => m.innerText)")

    def message_with(self, needle, selector="article.msg"):
        """The newest message whose text holds `needle`."""
        for message in reversed(self.messages(selector)):
            if needle in message.text:
                return message
        return None

    def online(self):
        return "online" in (self.find("#status").get_attribute("class") or "")

    # Doing

    def open(self, url):
        self.driver.get(url)

    def come_in(self, link, name, base):
        self.open(link)
        self.wait("the door asking for a name", lambda p: p.find("#nameInput").is_displayed())
        assert not self.find("#inviteRow").is_displayed(), "the link already carries the invite"
        self.find("#nameInput").send_keys(name)
        self.find("#joinButton").click()
        self.wait("online", lambda p: p.online())
        assert self.driver.current_url.rstrip("/") == base.rstrip("/"), "the invite code left the address bar"

    def say(self, text):
        box = self.find("#text")
        box.clear()
        box.send_keys(text)
        self.find("#form button[type=submit]").click()

    def tap(self, element):
        self.js("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def button_in(self, message, label):
        for button in message.find_elements(By.CSS_SELECTOR, ".buttons button"):
            if button.text.strip() == label or button.text.strip().startswith(label):
                return button
        return None

    # Looking

    def shoot(self, step):
        return self.shots.take(self, step)

    def check_axe(self, step):
        """axe-core on the screen as it is: no serious or critical violation. (axe scrolls what it
        checks into view: the chat is put back where the reader had it.)"""
        scroll = self.js("return [...document.querySelectorAll('#log, .page pre.art')].map(e => e.scrollTop)")
        self.axe.inject()
        results = self.axe.run(options={"resultTypes": ["violations"]})
        self.js("[...document.querySelectorAll('#log, .page pre.art')].forEach((e, i) => { e.scrollTop = arguments[0][i]; })", scroll)
        bad = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
        assert not bad, f"axe-core on {step} ({self.who}): " + json.dumps(
            [{"rule": v["id"], "impact": v["impact"], "help": v["help"],
              "nodes": [{"target": n["target"], "summary": n.get("failureSummary", "")} for n in v["nodes"][:4]]} for v in bad],
            ensure_ascii=False, indent=1)

    def step(self, step):
        """A screen of the evening: its screenshot, and axe-core clean."""
        self.shoot(step)
        self.check_axe(step)

    def collect_console(self):
        self.console += [entry["message"] for entry in self.driver.get_log("browser")]
        return self.console

    def csp_violations(self):
        return [line for line in self.collect_console()
                if "Content Security Policy" in line or "Content-Security-Policy" in line or "Refused to" in line]

    def check_csp(self):
        """No Content-Security-Policy violation was logged on this phone."""
        violations = self.csp_violations()
        assert not violations, f"CSP violations on the {self.who}'s phone: {violations}"

    def resize(self, width, height=PHONE["height"]):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})

    def layout_problems(self, chat=True):
        """What a phone's screen gets wrong: overflow, touch targets under 44×44 px and, in the
        chat (`chat`), overlapping quick buttons or a hidden room name."""
        return self.js("""
            const problems = [], chat = arguments[1];
            const root = document.documentElement;
            if (root.scrollWidth > innerWidth) problems.push(`the page is ${root.scrollWidth}px wide in ${innerWidth}px`);
            const chips = chat ? [...document.querySelectorAll('#chips button')].map(b => [b.textContent, b.getBoundingClientRect()]) : [];
            for (const [label, r] of chips)
              if (r.left < 0 || r.right > innerWidth + 0.5) problems.push(`quick button ${label} is off the screen`);
            for (let i = 0; i < chips.length; i++) for (let j = i + 1; j < chips.length; j++) {
              const [a, ra] = chips[i], [b, rb] = chips[j];
              if (ra.left < rb.right - 0.5 && rb.left < ra.right - 0.5 && ra.top < rb.bottom - 0.5 && rb.top < ra.bottom - 0.5)
                problems.push(`quick buttons ${a} and ${b} overlap`);
            }
            if (chat) for (const b of document.querySelectorAll('#chips button'))
              if (b.scrollWidth > b.clientWidth + 1) problems.push(`the label of ${b.textContent} does not fit its button`);
            if (chat) {
              const room = document.getElementById('room'), title = room.closest('h1');
              const rr = room.getBoundingClientRect(), tr = title.getBoundingClientRect();
              if (!room.textContent || rr.width < 1 || rr.right > tr.right + 0.5 || rr.left < tr.left - 0.5 || title.scrollWidth > title.clientWidth + 1)
                problems.push(`the room's name is not fully shown (${Math.round(rr.left)}–${Math.round(rr.right)} in ${Math.round(tr.left)}–${Math.round(tr.right)})`);
            }
            for (const t of document.querySelectorAll(arguments[0])) {
              const r = t.getBoundingClientRect();
              if (!r.width || !r.height || getComputedStyle(t).visibility === 'hidden') continue;
              if (r.width < 43.5 || r.height < 43.5)
                problems.push(`${t.tagName.toLowerCase()} “${(t.textContent || t.getAttribute('aria-label') || t.id).trim().slice(0, 30)}” is ${Math.round(r.width)}×${Math.round(r.height)} px`);
            }
            return problems;
        """, TAPPABLE, chat)

    def check_layout(self, where, chat=True):
        problems = self.layout_problems(chat)
        assert not problems, f"{self.who}, {where}, {self.js('return innerWidth')} px: {problems}"
