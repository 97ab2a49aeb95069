"""Tests of the storyteller's checker (scripts/storyteller/check.py).

    python3 -m unittest discover -s scripts/storyteller -p 'test_*.py'

The grammar tests run Debian's link-parser (scripts/setup.sh installs link-grammar).
"""

import io
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check  # noqa: E402


def person(name, kind="child", looks="", pronouns=None):
    return {"name": name, "kind": kind, "looks": looks, "trait": "kind", "pronouns": pronouns}


def story(theme_id, pages, theme="a hedgehog who bakes bread", hero=None, companion=None, compositions=None):
    labels = {"subject": {"word": "hedgehog", "forms": ["hedgehog"], "kind": None},
              "action": {"word": "bake", "forms": ["bake", "bakes", "baked", "baking"]},
              "object": {"word": "bread", "forms": ["bread", "loaf"]},
              "setting": {"word": "kitchen", "forms": ["kitchen"], "stated": False}}
    compositions = compositions or [f"c{n}" for n in range(len(pages))]
    return {"themeId": theme_id, "theme": theme, "labels": labels, "age": 6, "seed": 1,
            "hero": hero or person("Mia"), "companion": companion, "friends": [], "title": "A Title",
            "pages": [{"number": n + 1, "text": text, "composition": compositions[n]} for n, text in enumerate(pages)]}


def findings_for(sentence, page_number=2, hero="Mia"):
    """Grammar findings (rule names) of one sentence told in a story whose hero is `hero`."""
    one = story("t", [sentence], hero=person(hero))
    one["pages"][0]["number"] = page_number
    return {rule for *_, rule, _ in check.grammar_findings([one])}


class BrokenFramesAreFlagged(unittest.TestCase):
    def test_reached_in(self):
        self.assertIn("reached-without-place", findings_for("By the time they reached in the long grass, the sun was low."))

    def test_trait_twice(self):
        self.assertIn("trait-twice", findings_for("Mia met a shy robot who was shy but friendly."))

    def test_inverted_agreement(self):
        self.assertIn("inverted-agreement", findings_for("Inside a round crater was footprints."))

    def test_singular_their_for_a_named_child(self):
        self.assertIn("singular-they", findings_for("Mia sat down on the log, their legs tired."))
        self.assertIn("singular-they", findings_for("Mia smiled so widely that their cheeks began to ache."))

    def test_pride_on_page_one(self):
        self.assertIn("feeling-before-plot", findings_for("Mia felt proud of herself.", page_number=1))
        self.assertNotIn("feeling-before-plot", findings_for("Mia felt proud of herself.", page_number=4))

    def test_link_grammar_finds_broken_agreement_and_word_order(self):
        self.assertIn("link-grammar", findings_for("She go to the shops."))
        self.assertIn("link-grammar", findings_for("Mia the bread baked oven in."))


class GoodSentencesPass(unittest.TestCase):
    GOOD = [
        "Mia and the hedgehog baked a loaf of bread in the warm kitchen.",
        "By the time they reached the long grass, the sun was low.",
        "Inside a round crater were footprints.",
        "Inside a round crater was a footprint.",
        "Mia met a shy robot who was friendly.",
        "Mia and Bramble walked home together, and they were tired.",
        "Zorbly waved to the little fox.",
        "Sir Bramble's eyes felt heavy.",
        '"Let\'s bake some bread," said Mia.',
        "Oh no, the oven was cold!",
        "Hooray, Mia had baked the bread at last!",
        "Mia waved goodbye to the moon.",
        "Mia whispered goodnight to the bread, and to the kitchen far away.",
        "Off went Mia and Bramble, on the way to the kitchen.",
        "Away went Mia, out to the meadow!",
        "Mia snuggled into bed.",
        '"What if I can\'t bake?" asked Mia.',
        "The bees hummed, and they were busy.",
        # the made-up words of a theme are words too
        "The koala zorbles the moonberries in the treetops.",
        "The pangolin glimmerfrots a teapot in the garden.",
    ]

    def test_good_sentences_have_no_findings(self):
        names = ["Zorbly", "Sir Bramble", "Bramble"]
        # One batch of link-parser for all of them, as the checker runs it.
        stories = [story("t", [sentence], hero=person(next((name for name in names if name in sentence), "Mia")))
                   for sentence in self.GOOD]
        findings = check.grammar_findings(stories)
        for index, sentence in enumerate(self.GOOD):
            with self.subTest(sentence=sentence):
                self.assertEqual([rule for story_index, *_, rule, _ in findings if story_index == index], [])

    def test_a_name_with_pronouns_they_may_be_they(self):
        one = story("t", ["Mia sat down, their legs tired."], hero=person("Mia", pronouns="they"))
        self.assertEqual([rule for *_, rule, _ in check.grammar_findings([one], use_parser=False)], [])

    def test_a_creature_may_be_they(self):
        one = story("t", ["Bramble sat down, their paws tired."], hero=person("Mia"), companion=person("Bramble", kind="dog"))
        self.assertEqual([rule for *_, rule, _ in check.grammar_findings([one], use_parser=False)], [])


class AllowedShapes(unittest.TestCase):
    def test_the_list_is_short_and_every_shape_has_a_stand_in_and_a_reason(self):
        shapes = check.allowed_shapes()
        self.assertGreater(len(shapes), 0)
        self.assertLessEqual(len(shapes), check.ALLOWED_LIMIT)
        for pattern, stand_in, reason in shapes:
            with self.subTest(pattern=pattern.pattern):
                self.assertGreater(len(reason.split()), 4)

    def test_a_line_without_a_reason_is_refused(self):
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            handle.write("# a comment\n\\bfoo\\b => bar\n")
        try:
            with self.assertRaises(ValueError):
                check.allowed_shapes(handle.name)
        finally:
            os.unlink(handle.name)

    def test_the_rest_of_an_allowed_sentence_is_still_checked(self):
        self.assertIn("link-grammar", findings_for("Hooray, she go to the shops!"))
        self.assertIn("link-grammar", findings_for("Mia whispered goodnight to the the moon."))


class LooseSentences(unittest.TestCase):
    def test_rendered_frames_are_checked_with_their_names(self):
        findings = check.sentence_findings(["Zorbly Glimmer waved to Sir Bramble.", "She go to the shops.",
                                            "Inside a round crater was footprints."],
                                           names=["Zorbly Glimmer", "Sir Bramble"])
        self.assertEqual({(sentence, rule) for sentence, rule, _ in findings},
                         {("She go to the shops.", "link-grammar"),
                          ("Inside a round crater was footprints.", "inverted-agreement")})

    def test_the_sentences_mode_exits_1_on_a_finding(self):
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            handle.write("Mia baked the bread. Then Mia ate it.\nMia met a shy robot who was shy but friendly.\n")
        try:
            out = io.StringIO()
            self.assertEqual(check.check_sentences(handle.name, ["Mia"], out=out), 1)
            self.assertIn("[trait-twice] Mia met a shy robot who was shy but friendly.", out.getvalue())
            self.assertIn("in 3 sentences", out.getvalue())
        finally:
            os.unlink(handle.name)


class Sentences(unittest.TestCase):
    def test_split_keeps_dialogue_with_its_speaker(self):
        self.assertEqual(check.split_sentences("“Look!” said Mia. Then they went.\n\nOh no! It was gone."),
                         ["“Look!” said Mia.", "Then they went.", "Oh no!", "It was gone."])

    def test_names_become_x(self):
        self.assertEqual(check.normalised("Mia hugged Sir Bramble’s paw.", ["Mia", "Sir Bramble"]), "X hugged X's paw.")


class Measures(unittest.TestCase):
    GOOD_PAGES = ["The hedgehog {n} baked bread in the kitchen with Mia.".format(n=n) for n in ["one", "two", "three", "four", "five"]]

    def figures(self, stories):
        result = check.measure(stories, use_parser=False)
        report = io.StringIO()
        check.report(stories, result, out=report)
        return result, report.getvalue()

    def test_a_told_theme_passes(self):
        other = story("u", ["A fox {n} baked bread in the kitchen.".format(n=n) for n in "abcde"], theme="a fox who likes bread")
        other["labels"]["subject"] = {"word": "fox", "forms": ["fox"]}
        result, text = self.figures([story("t", self.GOOD_PAGES), other])
        self.assertTrue(all(result["overall"].values()), text)
        self.assertIn("PASS", text)

    def test_missing_action_subject_setting_and_echo_fail(self):
        pages = ["Mia walked in the meadow {n}.".format(n=n) for n in "abcd"] + ["Mia met a hedgehog who bakes bread."]
        result, text = self.figures([story("t", pages)])
        self.assertFalse(result["overall"]["subject"])
        self.assertFalse(result["overall"]["setting"])
        self.assertFalse(result["overall"]["echo"])
        self.assertTrue(result["overall"]["action/object"] is False)
        self.assertIn("FAIL", text)

    def test_subject_named_by_the_character_who_is_it(self):
        pages = ["Bramble baked bread in the kitchen {n}.".format(n=n) for n in "abcde"]
        one = story("t", pages, companion=person("Bramble", kind="hedgehog", looks="a small hedgehog with a red scarf"))
        result, _ = self.figures([one])
        self.assertTrue(result["verdicts"]["t"]["subject"])

    def test_sentences_shared_across_themes(self):
        common = "X was fast asleep."
        first = story("t", [page + " Mia was fast asleep." for page in self.GOOD_PAGES])
        second = story("u", ["Leo baked bread {n}. Leo was fast asleep.".format(n=n) for n in "abcde"], hero=person("Leo"))
        result, _ = self.figures([first, second])
        self.assertAlmostEqual(check.measure([first, second], use_parser=False)["share"](result["totals"], "shared", "sentences"), 0.5)
        self.assertIn(common, result["sentence_themes"])
        self.assertFalse(result["overall"]["shared"])

    def test_consecutive_compositions(self):
        one = story("t", self.GOOD_PAGES, compositions=["wide-left", "close-right", "close-right", "bed", "bed"])
        result, _ = self.figures([one])
        self.assertEqual(result["totals"]["same composition twice"], 2)
        self.assertFalse(result["overall"]["composition"])



class ReadAloudFigures(unittest.TestCase):
    def test_a_sentence_said_twice_in_one_story_fails(self):
        pages = ["The hedgehog baked bread in the kitchen {n}. Mia was fast asleep.".format(n=n) for n in "abcde"]
        result = check.measure([story("t", pages)], use_parser=False)
        self.assertEqual(result["totals"]["said again"], 4)
        self.assertFalse(result["overall"]["said again"])
        self.assertTrue(check.measure([story("t", Measures.GOOD_PAGES)], use_parser=False)["overall"]["said again"])

    def test_words_per_sentence_by_age_band(self):
        young = story("t", ["The hedgehog baked bread in the kitchen. Mia helped."] * 1)
        young["age"] = 3
        older = story("u", ["The hedgehog baked a very big loaf of bread in the warm kitchen today."])
        older["age"] = 9
        result = check.measure([young, older], use_parser=False)
        self.assertAlmostEqual(result["words_per_sentence"]["2-4"], 4.5)
        self.assertAlmostEqual(result["words_per_sentence"]["8-12"], 14)
        self.assertIsNone(result["words_per_sentence"]["5-7"])
        self.assertTrue(result["overall"]["short sentences"])
        young["pages"][0]["text"] = "The hedgehog baked a very big loaf of bread in the warm kitchen today."
        self.assertFalse(check.measure([young], use_parser=False)["overall"]["short sentences"])

    def test_the_theme_noun_is_counted_per_story_and_page(self):
        pages = ["The bread, the bread and the loaf of bread.", "Mia baked in the kitchen.", "The hedgehog ate the bread."]
        result = check.measure([story("t", pages)], use_parser=False)
        self.assertEqual(result["noun_most"]["t"], (5, 4))
        report = io.StringIO()
        check.report([story("t", pages)], result, out=report)
        self.assertIn("at most 5 in one story and 4 on one page", report.getvalue())


if __name__ == "__main__":
    unittest.main()
