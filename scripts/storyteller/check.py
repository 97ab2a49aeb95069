#!/usr/bin/env python3
"""Measures the built-in storyteller's stories of the labelled theme set (issue #31).

    python3 scripts/storyteller/check.py FILE.json [--no-grammar] [--examples N]
    python3 scripts/storyteller/check.py --sentences FILE.txt [--names Mia,Leo]

FILE.json is written by `magical-stories-bench --storyteller-dump FILE.json`. Prints, per theme
and overall:
- subject: pages naming the theme's subject, by its word or by the name of the character who is it
  (>= 70 % of pages);
- action/object: pages naming the theme's action (any form of the verb) or its object (>= 50 % of
  pages, and in every story);
- setting: pages naming the setting (>= 60 %);
- echo: stories repeating the theme's words verbatim (none);
- shared: sentence occurrences (character names replaced by X) that also appear in a story of
  another theme (<= 10 %); also the share of sentence uses repeated in more than one story;
- composition: consecutive pages with the same picture composition (none);
- read aloud: sentences said twice in one story (none); the average words per sentence by age band
  (ages 2-4 at most 7.5, aiming at 6.5; 5-7 and 8-12 reported); the theme's noun (its object) said at most how many
  times in one story and on one page (reported);
- grammar: sentences that Debian's link-grammar (link-parser, offline, its own dictionary) cannot
  parse, with character names replaced by names it knows and the reviewed shapes of
  grammar-allowed.txt read as plain words, plus the rules of GRAMMAR_RULES for the broken frames
  families heard (none).
With --sentences, checks the grammar of loose sentences (the writer's frames, rendered by its tests).
Exits 1 when a measure fails, 2 when the file cannot be read or link-parser is missing.
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

SUBJECT_SHARE = 0.70
ACTION_SHARE = 0.50
SETTING_SHARE = 0.60
SHARED_SENTENCES = 0.10
# Ages 2-4 hear short sentences: at most this many words a sentence on average. A guard on what
# the writer reached (7.1, from 8.3 before issue 31's read-aloud work); 6.5 is the next aim.
TODDLER_WORDS_PER_SENTENCE = 7.5
AGE_BANDS = [("2-4", range(0, 5)), ("5-7", range(5, 8)), ("8-12", range(8, 200))]
WORD = re.compile(r"[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*")

# Names link-grammar knows as given names, put in place of the story's characters (in this order:
# hero, companion, friends), so an invented name ("Sir Bramble", "Zorbly") is never a finding.
# ("Sam" is not one: its dictionary entry takes no "'s".)
KNOWN_NAMES = ["Anna", "Max", "Lucy", "Tom", "Kim"]
PRONOUN_WORDS = re.compile(r"\b(they|their|theirs|them|themselves|themself)\b", re.IGNORECASE)
PLURAL_CUES = re.compile(r"\b(and|both|together|friends|everyone|everybody|all|each other|the two|two)\b", re.IGNORECASE)

# The frames families heard as broken, and the rule that finds each (applied to every sentence).
GRAMMAR_RULES = [
    ("reached-without-place",
     "'reached' needs what was reached, not a preposition ('By the time they reached in the long grass')",
     re.compile(r"\b(reached|reach|reaches|reaching)\s+(in|on|at|into|inside|under|underneath|by|near|next to|beside|behind|"
                r"through|across|over|past|along|around|towards|toward|outside|below|above)\b",
                re.IGNORECASE)),
    ("trait-twice",
     "the same word describes a character twice ('a shy robot who was shy but friendly')",
     re.compile(r"\b([a-z]{3,})\s+[a-z]+\s+(?:who|that|which)\s+(?:was|is|were|are|felt|feels|looked|looks|seemed|seems)\b"
                r"[^.!?]*?\b\1\b", re.IGNORECASE)),
    ("inverted-agreement",
     "a place put first with 'was'/'is' before a plural thing ('Inside a round crater was footprints')",
     re.compile(r"^(?:Inside|In|On|Under|Behind|Beside|Near|At|Across|Beyond|Around|Between|Among|Above|Below|Over|"
                r"Beneath|Along|By|Up|Down)\b[^.!?,]*?\b(?:was|is)\s+(?:(?:a|an|the|some|two|three|many|little|tiny|"
                r"big|small|round|muddy|deep|old|new|bright|shiny)\s+)*([a-z]+(?<!ss)(?<!us)(?<!is)(?<!'s)s)\b[.!?]?$")),
]


ALLOWED_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "grammar-allowed.txt")
ALLOWED_LIMIT = 15


def allowed_shapes(path=ALLOWED_FILE):
    """The reviewed shapes of grammar-allowed.txt: (pattern, stand-in, reason) a line.

    A line is `PATTERN => STAND-IN  # reason`: a Python regular expression of correct bedtime English that
    link-parser's dictionary lacks, and the plain words of the same grammar put in its place before parsing
    (the rest of the sentence is still checked). Raises ValueError for a line without a stand-in or a reason."""
    shapes = []
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return shapes
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        entry = re.match(r"^(?P<pattern>\S.*?)\s=>(?P<stand_in>.*)\s#\s+(?P<reason>\S.*)$", line)
        if not entry:
            raise ValueError(f"{path}:{number}: expected 'PATTERN => STAND-IN  # reason': {line}")
        shapes.append((re.compile(entry["pattern"].strip()), entry["stand_in"].strip(), entry["reason"].strip()))
    return shapes


ALLOWED_SHAPES = allowed_shapes()


def split_sentences(text):
    """Sentences of a page, split after . ! ? (and a closing quote) before a capital or an opening quote."""
    parts = []
    for paragraph in re.split(r"\n+", text):
        paragraph = paragraph.strip()
        if not paragraph:
            continue
        pieces = re.split(r"(?<=[.!?])([\"”’]?)\s+(?=[\"“‘A-Z])", paragraph)
        # re.split keeps the closing quote as its own item: glue it back to its sentence.
        sentence = ""
        for index, piece in enumerate(pieces):
            if index % 2 == 0:
                sentence += piece
            else:
                sentence += piece
                parts.append(sentence.strip())
                sentence = ""
        if sentence.strip():
            parts.append(sentence.strip())
    return parts


def names_of(story):
    """The story's character names, hero first."""
    people = [story.get("hero")] + [story.get("companion")] + list(story.get("friends") or [])
    return [person["name"] for person in people if person and person.get("name")]


def name_pattern(names):
    names = sorted({name for name in names if name}, key=len, reverse=True)
    if not names:
        return None
    return re.compile(r"\b(" + "|".join(re.escape(name) for name in names) + r")\b")


def with_names(sentence, names, replacements):
    """The sentence with each name replaced (longest first), possessives kept."""
    pattern = name_pattern(names)
    if not pattern:
        return sentence
    table = dict(zip(names, replacements))
    return pattern.sub(lambda match: table.get(match.group(1), replacements[0]), sentence)


def normalised(sentence, names):
    """A sentence as compared across stories: names as X, quotes and spaces made plain."""
    text = with_names(sentence, names, ["X"] * max(1, len(names)))
    text = text.replace("“", '"').replace("”", '"').replace("’", "'").replace("‘", "'")
    return re.sub(r"\s+", " ", text).strip()


def words_pattern(forms):
    forms = [form.lower() for form in forms if form]
    if not forms:
        return None
    return re.compile(r"\b(" + "|".join(re.escape(form) for form in sorted(forms, key=len, reverse=True)) + r")\b", re.IGNORECASE)


def label_forms(label):
    if not label:
        return []
    return list(label.get("forms") or []) + [label.get("word", "")]


def subject_names(story):
    """Names of the characters who are the theme's subject: by kind, or by the subject's word in their looks."""
    subject = story["labels"].get("subject") or {}
    pattern = words_pattern(label_forms(subject))
    people = [story.get("hero"), story.get("companion")] + list(story.get("friends") or [])
    names = []
    for person in people:
        if not person or not person.get("name"):
            continue
        if subject.get("kind") and person.get("kind") == subject["kind"]:
            names.append(person["name"])
        elif pattern and pattern.search(person.get("looks") or ""):
            names.append(person["name"])
    return names


def rule_findings(sentence, names, page_number, named_children):
    """Findings of the custom rules in one sentence (with its real names)."""
    findings = []
    for rule, why, pattern in GRAMMAR_RULES:
        if pattern.search(sentence):
            findings.append((rule, why))
    if page_number == 1 and re.search(r"\b(proud|proudly|pride|relieved|relief)\b", sentence, re.IGNORECASE):
        findings.append(("feeling-before-plot", "pride or relief on page 1, before anything has happened"))
    if re.search(r"\bthemself\b", sentence, re.IGNORECASE):
        findings.append(("singular-they", "'themself' for a named character"))
    elif PRONOUN_WORDS.search(sentence) and named_children:
        mentioned = [name for name in names if re.search(r"\b" + re.escape(name) + r"\b", sentence)]
        if len(mentioned) == 1 and mentioned[0] in named_children and not PLURAL_CUES.search(sentence):
            findings.append(("singular-they", f"singular 'they/their' for {mentioned[0]}, a named child (use the name)"))
    return findings


def named_children_of(story):
    """Named people without pronouns set as 'they': the writer must use the name or their own pronouns."""
    people = [story.get("hero"), story.get("companion")] + list(story.get("friends") or [])
    result = []
    for person in people:
        if person and person.get("name") and person.get("kind") in ("child", "grownUp"):
            pronouns = person.get("pronouns")
            if not (isinstance(pronouns, str) and pronouns == "they") and not (isinstance(pronouns, dict) and pronouns.get("subject") == "they"):
                result.append(person["name"])
    return result


def for_parser(sentence):
    """A sentence as link-parser reads it: quotes and dashes as plain punctuation, one line."""
    text = sentence.replace("“", '"').replace("”", '"').replace("‘", "'").replace("’", "'")
    text = text.replace("—", ", ").replace("–", ", ").replace("…", "...")
    text = re.sub(r"\s+", " ", text).strip().lstrip("*!").strip()
    for pattern, stand_in, _ in ALLOWED_SHAPES:
        text = pattern.sub(stand_in, text)
    text = re.sub(r"\s+", " ", text).strip()
    return text[:1].upper() + text[1:]


def link_parser_failures(sentences, jobs=2, timeout=10):
    """The sentences link-parser cannot parse, in batches (one process per job)."""
    if not sentences:
        return set()
    if not shutil.which("link-parser"):
        raise FileNotFoundError("link-parser is not installed: run bash scripts/setup.sh (Debian's link-grammar)")
    unique = sorted(set(sentences))
    chunks = [unique[index::jobs] for index in range(jobs)]

    def run(chunk):
        if not chunk:
            return set()
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as handle:
            handle.write("\n".join(chunk) + "\n")
            path = handle.name
        try:
            with open(path, encoding="utf-8") as source:
                # -limit=100: the same findings as the default 1000 linkages on the theme set (30 gave 9 more), in half the time.
                result = subprocess.run(["link-parser", "en", "-batch", "-echo=1", "-verbosity=0", "-limit=100",
                                         f"-timeout={timeout}"],
                                        stdin=source, capture_output=True, text=True,
                                        env=dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8"))
        finally:
            os.unlink(path)
        expected = set(chunk)
        failed = set()
        last = None
        for line in result.stdout.splitlines():
            if line.startswith("+++++ error") and last is not None:
                failed.add(last)
            elif line in expected:
                last = line
        return failed

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return set().union(*pool.map(run, chunks))


def grammar_findings(stories, use_parser=True):
    """Every grammar finding: (story index, page number, sentence, rule, why)."""
    findings = []
    parsed = []  # (story index, page number, sentence, parser text)
    for index, story in enumerate(stories):
        names = names_of(story)
        children = named_children_of(story)
        for page in story["pages"]:
            for sentence in split_sentences(page["text"]):
                for rule, why in rule_findings(sentence, names, page["number"], children):
                    findings.append((index, page["number"], sentence, rule, why))
                parsed.append((index, page["number"], sentence, for_parser(with_names(sentence, names, KNOWN_NAMES))))
    if use_parser:
        failures = link_parser_failures([text for *_, text in parsed])
        for index, number, sentence, text in parsed:
            if text in failures:
                findings.append((index, number, sentence, "link-grammar", "link-parser finds no complete parse"))
    return findings


def age_band(age):
    """The age band of an age: "2-4", "5-7" or "8-12"."""
    return next(name for name, ages in AGE_BANDS if age in ages)


def word_count(sentence):
    return len(WORD.findall(sentence))


def noun_uses(text, pattern):
    """How many times the theme's noun (its object's forms) is said in `text`."""
    return len(pattern.findall(text)) if pattern else 0


def sentence_findings(sentences, names=(), use_parser=True):
    """Grammar findings of loose sentences (a writer's frames, rendered): (sentence, rule, why).

    `names` are the characters' names in them (replaced by names the dictionary knows); every rule runs
    but the page-1 and pronoun rules, which need a story."""
    names = [name for name in names if name]
    replacements = (KNOWN_NAMES * (len(names) // len(KNOWN_NAMES) + 1))[:len(names)]
    findings = []
    parsed = []
    for sentence in sentences:
        for rule, why, pattern in GRAMMAR_RULES:
            if pattern.search(sentence):
                findings.append((sentence, rule, why))
        parsed.append((sentence, for_parser(with_names(sentence, names, replacements))))
    if use_parser:
        failures = link_parser_failures([text for _, text in parsed])
        findings += [(sentence, "link-grammar", "link-parser finds no complete parse")
                     for sentence, text in parsed if text in failures]
    return findings


def measure(stories, use_parser=True):
    """Per theme and overall figures, and whether each measure passes."""
    by_theme = collections.OrderedDict()
    for index, story in enumerate(stories):
        by_theme.setdefault(story["themeId"], []).append(index)

    # Sentences across stories and themes.
    sentence_themes = collections.defaultdict(set)
    sentence_stories = collections.defaultdict(set)
    uses = []  # (story index, normalised sentence)
    said_again = collections.Counter()  # story index -> sentence uses already said earlier in that story
    bands = collections.OrderedDict((name, collections.Counter()) for name, _ in AGE_BANDS)
    for index, story in enumerate(stories):
        names = names_of(story)
        said = set()
        band = bands[age_band(story["age"])]
        for page in story["pages"]:
            for sentence in split_sentences(page["text"]):
                key = normalised(sentence, names)
                sentence_themes[key].add(story["themeId"])
                sentence_stories[key].add(index)
                uses.append((index, key))
                said_again[index] += key in said
                said.add(key)
                band["sentences"] += 1
                band["words"] += word_count(sentence)

    grammar = grammar_findings(stories, use_parser)
    grammar_by_story = collections.Counter(index for index, *_ in grammar)

    themes = collections.OrderedDict()
    totals = collections.Counter()
    noun_most = collections.OrderedDict()  # theme id -> (most in one story, most on one page)
    for theme_id, indices in by_theme.items():
        figures = collections.Counter()
        most_story = most_page = 0
        for index in indices:
            story = stories[index]
            labels = story["labels"]
            subject = words_pattern(label_forms(labels.get("subject")) + subject_names(story))
            doing = words_pattern(label_forms(labels.get("action")) + label_forms(labels.get("object")))
            setting = words_pattern(label_forms(labels.get("setting")))
            extras = words_pattern(label_forms(labels.get("weather")) + label_forms(labels.get("occasion")))
            echo = re.sub(r"^(a|an|the)\s+", "", story["theme"].strip().lower())
            echo = echo if len(echo.split()) >= 3 else None  # "a fox" named is no echo
            noun = words_pattern(label_forms(labels.get("object")))
            story_noun = 0
            story_doing = 0
            compositions = [page.get("composition") for page in story["pages"]]
            for page in story["pages"]:
                text = page["text"]
                figures["pages"] += 1
                figures["subject"] += bool(subject and subject.search(text))
                hit = bool(doing and doing.search(text))
                figures["doing"] += hit
                story_doing += hit
                figures["setting"] += bool(setting and setting.search(text))
                page_noun = noun_uses(text, noun)
                story_noun += page_noun
                most_page = max(most_page, page_noun)
                if extras:
                    figures["extras pages"] += 1
                    figures["extras"] += bool(extras.search(text))
            figures["stories"] += 1
            figures["stories without action/object"] += story_doing == 0
            everything = " ".join([story.get("title", "")] + [page["text"] for page in story["pages"]]).lower()
            figures["echoes"] += bool(echo) and echo in re.sub(r"\s+", " ", everything)
            figures["same composition twice"] += sum(1 for a, b in zip(compositions, compositions[1:]) if a == b)
            figures["grammar"] += grammar_by_story[index]
            figures["said again"] += said_again[index]
            figures["noun uses"] += story_noun
            most_story = max(most_story, story_noun)
        noun_most[theme_id] = (most_story, most_page)
        for index, key in uses:
            if index in indices:
                figures["sentences"] += 1
                figures["shared"] += len(sentence_themes[key] - {theme_id}) > 0
                figures["repeated"] += len(sentence_stories[key]) > 1
        themes[theme_id] = figures
        totals.update(figures)

    def share(figures, part, whole="pages"):
        return figures[part] / figures[whole] if figures[whole] else 0.0

    def passes(figures):
        return {
            "subject": share(figures, "subject") >= SUBJECT_SHARE,
            "action/object": share(figures, "doing") >= ACTION_SHARE and figures["stories without action/object"] == 0,
            "setting": share(figures, "setting") >= SETTING_SHARE,
            "echo": figures["echoes"] == 0,
            "shared": share(figures, "shared", "sentences") <= SHARED_SENTENCES,
            "composition": figures["same composition twice"] == 0,
            "grammar": figures["grammar"] == 0,
            "said again": figures["said again"] == 0,
        }

    verdicts = {theme_id: passes(figures) for theme_id, figures in themes.items()}
    overall = passes(totals)
    # A page-share measure passes overall only when every theme meets it.
    for name in ("subject", "action/object", "setting"):
        overall[name] = overall[name] and all(verdict[name] for verdict in verdicts.values())
    words_per_sentence = {name: (band["words"] / band["sentences"] if band["sentences"] else None) for name, band in bands.items()}
    toddler = words_per_sentence[AGE_BANDS[0][0]]
    overall["short sentences"] = toddler is None or toddler <= TODDLER_WORDS_PER_SENTENCE
    return {"words_per_sentence": words_per_sentence, "noun_most": noun_most,
            "themes": themes, "verdicts": verdicts, "totals": totals, "overall": overall, "grammar": grammar,
            "sentence_themes": sentence_themes, "sentence_stories": sentence_stories, "uses": uses, "share": share}


def percent(value):
    return f"{100 * value:5.1f}%"


def report(stories, result, examples=40, out=sys.stdout):
    share = result["share"]
    themes, verdicts, totals, overall = result["themes"], result["verdicts"], result["totals"], result["overall"]
    mark = lambda ok: "✓" if ok else "✗"
    ages = sorted({story["age"] for story in stories})
    print(f"Storyteller measures: {len(stories)} stories of {len(themes)} themes (ages {', '.join(map(str, ages))}; "
          f"{totals['pages']} pages, {totals['sentences']} sentences)\n", file=out)
    header = (f"{'theme':<28}{'subject':>9}{'act/obj':>9}{'no a/o':>7}{'setting':>9}{'echo':>5}{'shared':>8}"
              f"{'repeat':>8}{'comp=':>6}{'gram':>6}{'wx/occ':>8}{'again':>7}{'noun':>7}")
    print(header, file=out)
    print("-" * len(header), file=out)

    noun_most = result.get("noun_most", {})

    def row(name, figures, verdict):
        most = noun_most.get(name) or (max((m[0] for m in noun_most.values()), default=0),
                                       max((m[1] for m in noun_most.values()), default=0))
        extras = percent(share(figures, "extras", "extras pages")) if figures["extras pages"] else "     —"
        return (f"{name[:27]:<28}{percent(share(figures, 'subject')):>8}{mark(verdict['subject'])}"
                f"{percent(share(figures, 'doing')):>8}{mark(verdict['action/object'])}"
                f"{figures['stories without action/object']:>7}"
                f"{percent(share(figures, 'setting')):>8}{mark(verdict['setting'])}"
                f"{figures['echoes']:>4}{mark(verdict['echo'])}"
                f"{percent(share(figures, 'shared', 'sentences')):>7}{mark(verdict['shared'])}"
                f"{percent(share(figures, 'repeated', 'sentences')):>8}"
                f"{figures['same composition twice']:>5}{mark(verdict['composition'])}"
                f"{figures['grammar']:>5}{mark(verdict['grammar'])}{extras:>8}"
                f"{figures['said again']:>6}{mark(verdict['said again'])}{f'{most[0]}/{most[1]}':>7}")

    for theme_id, figures in themes.items():
        print(row(theme_id, figures, verdicts[theme_id]), file=out)
    print("-" * len(header), file=out)
    print(row("ALL", totals, overall), file=out)

    failing = lambda name: sum(1 for verdict in verdicts.values() if not verdict[name])
    print("\nOverall:", file=out)
    lines = [
        ("subject", f"subject named on {percent(share(totals, 'subject')).strip()} of pages "
                    f"(≥ {SUBJECT_SHARE:.0%} in every theme; {failing('subject')} themes below)"),
        ("action/object", f"action or object on {percent(share(totals, 'doing')).strip()} of pages "
                          f"(≥ {ACTION_SHARE:.0%} in every theme; {failing('action/object')} themes below), "
                          f"missing from {totals['stories without action/object']} of {totals['stories']} stories (0 allowed)"),
        ("setting", f"setting named on {percent(share(totals, 'setting')).strip()} of pages "
                    f"(≥ {SETTING_SHARE:.0%} in every theme; {failing('setting')} themes below)"),
        ("echo", f"theme echoed verbatim in {totals['echoes']} stories (0 allowed)"),
        ("shared", f"sentences shared across themes: {percent(share(totals, 'shared', 'sentences')).strip()} of "
                   f"{totals['sentences']} sentence uses (≤ {SHARED_SENTENCES:.0%}); repeated in more than one story: "
                   f"{percent(share(totals, 'repeated', 'sentences')).strip()}"),
        ("composition", f"consecutive pages with the same composition: {totals['same composition twice']} "
                        f"of {totals['pages'] - totals['stories']} page pairs (0 allowed)"),
        ("grammar", f"grammar findings: {totals['grammar']} (0 allowed)"),
        ("said again", f"sentences said twice in one story: {totals['said again']} (0 allowed)"),
        ("short sentences", "words per sentence by age band: " + ", ".join(
            f"{band} {value:.1f}" for band, value in result["words_per_sentence"].items() if value is not None)
            + f" (2-4 at most {TODDLER_WORDS_PER_SENTENCE})"),
    ]
    for name, text in lines:
        print(f"  {mark(overall[name])} {text}", file=out)
    if totals["extras pages"]:
        print(f"  · weather or occasion named on {percent(share(totals, 'extras', 'extras pages')).strip()} of the pages "
              f"of themes that have one (reported, not a measure)", file=out)
    if noun_most:
        stories_told = max(totals["stories"], 1)
        print(f"  · the theme's noun (its object): {totals['noun uses'] / stories_told:.1f} times a story on average, "
              f"at most {max(m[0] for m in noun_most.values())} in one story and {max(m[1] for m in noun_most.values())} "
              f"on one page (reported; column noun: most in a story/on a page)", file=out)

    grammar = result["grammar"]
    if grammar:
        by_rule = collections.Counter(rule for *_, rule, _ in grammar)
        distinct = len({sentence for _, _, sentence, _, _ in grammar})
        print(f"\nGrammar findings by rule ({distinct} distinct sentences): "
              + ", ".join(f"{rule} {count}" for rule, count in by_rule.most_common()), file=out)
        # Up to `examples` distinct sentences, shared fairly between the rules.
        per_rule = max(1, examples // len(by_rule))
        for name, _ in by_rule.most_common():
            seen = set()
            for index, number, sentence, rule, why in grammar:
                if rule != name or sentence in seen or len(seen) >= per_rule:
                    continue
                seen.add(sentence)
                story = stories[index]
                print(f"  [{rule}] {story['themeId']} age {story['age']} seed {story['seed']} p{number}: {sentence}", file=out)
    sentence_themes = result["sentence_themes"]
    uses = collections.Counter(key for _, key in result["uses"])
    common = sorted(((len(themes_), uses[key], key) for key, themes_ in sentence_themes.items() if len(themes_) > 1), reverse=True)
    if common:
        print("\nSentences heard across the most themes (themes, uses):", file=out)
        for count, used, key in common[:15]:
            print(f"  {count:>3} {used:>4}  {key}", file=out)
    failed = [name for name, ok in overall.items() if not ok]
    print("\n" + ("FAIL: " + ", ".join(failed) if failed else "PASS: every measure"), file=out)


def check_sentences(path, names, out=sys.stdout):
    """The --sentences mode: every finding printed, exit 1 when there is one."""
    try:
        with open(path, encoding="utf-8") as handle:
            sentences = list(dict.fromkeys(sentence for line in handle for sentence in split_sentences(line)))
    except OSError as error:
        print(f"Cannot read {path}: {error}", file=sys.stderr)
        return 2
    try:
        findings = sentence_findings(sentences, names)
    except FileNotFoundError as error:
        print(error, file=sys.stderr)
        return 2
    for sentence, rule, _ in findings:
        print(f"[{rule}] {sentence}", file=out)
    print(f"{len(findings)} grammar findings in {len(sentences)} sentences", file=out)
    return 1 if findings else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dump", nargs="?", help="the JSON written by magical-stories-bench --storyteller-dump")
    parser.add_argument("--sentences", metavar="FILE",
                        help="check the grammar of FILE's sentences instead (one a line; exit 1 on any finding)")
    parser.add_argument("--names", default="", help="with --sentences: the characters' names in them, comma-separated")
    parser.add_argument("--no-grammar", action="store_true", help="skip link-parser (the custom rules still run)")
    parser.add_argument("--examples", type=int, default=40, help="grammar findings to list (default 40)")
    args = parser.parse_args(argv)
    if args.sentences:
        return check_sentences(args.sentences, args.names.split(","))
    if not args.dump:
        parser.error("give the dump file, or --sentences FILE")
    try:
        with open(args.dump, encoding="utf-8") as handle:
            stories = json.load(handle)["stories"]
    except (OSError, ValueError, KeyError) as error:
        print(f"Cannot read {args.dump}: {error}", file=sys.stderr)
        return 2
    try:
        result = measure(stories, use_parser=not args.no_grammar)
    except FileNotFoundError as error:
        print(error, file=sys.stderr)
        return 2
    report(stories, result, examples=args.examples)
    return 0 if all(result["overall"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
