package dev.engram.embedding.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class SentenceSplitterTest {

    private final SentenceSplitter splitter = new SentenceSplitter();

    static Stream<Arguments> cases() {
        return Stream.of(
                // terminators and their runs
                c("two plain sentences", "Hello there. How are you?", "Hello there.", "How are you?"),
                c("a run of ?!", "Really?! No way.", "Really?!", "No way."),
                c("ellipsis before a capital", "Wait... What happened?", "Wait...", "What happened?"),
                c("ellipsis before a lower-case word", "and then... we left", "and then... we left"),
                c("unicode ellipsis", "Hmm… Let me think.", "Hmm…", "Let me think."),
                c("? and ! end lower-case chat", "hey! how are you?", "hey!", "how are you?"),
                c("a period ends lower-case chat", "i went home. then i slept", "i went home.", "then i slept"),
                c("closing quote stays", "He said \"hi.\" Then left.", "He said \"hi.\"", "Then left."),
                c("quoted speech continues", "\"Wow!\" she said.", "\"Wow!\" she said."),
                c("closing bracket stays", "(It was late.) We went home.", "(It was late.)", "We went home."),
                // CJK and full-width
                c("CJK needs no space", "今天很好。我们走吧！你呢？", "今天很好。", "我们走吧！", "你呢？"),
                c("CJK closing bracket", "他说「好。」然后走了。", "他说「好。」", "然后走了。"),
                c("full-width before Latin", "好的！OK then.", "好的！", "OK then."),
                // line breaks
                c("line breaks end sentences", "first line\nsecond line", "first line", "second line"),
                c("blank lines are skipped", "one\n\n\r\ntwo", "one", "two"),
                c("numbered list lines", "1. Buy milk\n2. Call mom", "1. Buy milk", "2. Call mom"),
                c("no punctuation is one sentence", "no punctuation here at all", "no punctuation here at all"),
                c("whitespace is collapsed", " Hi  there.\tBye. ", "Hi there.", "Bye."),
                // abbreviations and initials
                c("titles", "Mr. Smith met Dr. Jones at St. Mary's.", "Mr. Smith met Dr. Jones at St. Mary's."),
                c("a title's name ends a sentence", "I saw Mr. Brown. He waved.", "I saw Mr. Brown.", "He waved."),
                c(
                        "e.g.",
                        "Bring snacks, e.g. chips or fruit. Thanks!",
                        "Bring snacks, e.g. chips or fruit.",
                        "Thanks!"),
                c(
                        "vs. before a capital",
                        "It was Cena vs. The Rock last night.",
                        "It was Cena vs. The Rock last night."),
                c("etc. mid-sentence", "apples, pears, etc. and more", "apples, pears, etc. and more"),
                c("etc. at the end", "I bought pears, etc. Then I left.", "I bought pears, etc.", "Then I left."),
                c(
                        "a.m. and p.m.",
                        "We met at 9 a.m. and left at 5 p.m. It was long.",
                        "We met at 9 a.m. and left at 5 p.m.",
                        "It was long."),
                c(
                        "U.S. before a name",
                        "She joined the U.S. Army. I moved to the U.S. It is big.",
                        "She joined the U.S. Army.",
                        "I moved to the U.S.",
                        "It is big."),
                c("Inc. and Ltd.", "Acme Inc. and Foo Ltd. merged.", "Acme Inc. and Foo Ltd. merged."),
                c(
                        "No. before a number only",
                        "I live at No. 5 now. I said no. Then left.",
                        "I live at No. 5 now.",
                        "I said no.",
                        "Then left."),
                c("months", "It opens Jan. 5 and closes Dec. 20.", "It opens Jan. 5 and closes Dec. 20."),
                c(
                        "approx., fig., dept., est.",
                        "It costs approx. 20, see fig. 3 of the dept. memo, est. 1990.",
                        "It costs approx. 20, see fig. 3 of the dept. memo, est. 1990."),
                c("initials", "J. K. Rowling wrote it. I loved it.", "J. K. Rowling wrote it.", "I loved it."),
                c(
                        "a capital before an opener",
                        "We chose plan B. Then it rained.",
                        "We chose plan B.",
                        "Then it rained."),
                c("Ph.D.", "She has a Ph.D. in biology.", "She has a Ph.D. in biology."),
                // numbers, URLs, addresses, files
                c(
                        "decimals and versions",
                        "Pi is 3.14 roughly. Version v2.0.1 shipped.",
                        "Pi is 3.14 roughly.",
                        "Version v2.0.1 shipped."),
                c(
                        "URL with a trailing period",
                        "See https://example.com/a.b?x=1. Then click.",
                        "See https://example.com/a.b?x=1.",
                        "Then click."),
                c("e-mail address", "Mail jane.doe@example.com. Thanks!", "Mail jane.doe@example.com.", "Thanks!"),
                c("file name", "I sent report.pdf to you. Got it?", "I sent report.pdf to you.", "Got it?"),
                // emoji and fragments
                c("emoji after the terminator", "So happy! 😊 See you.", "So happy! 😊", "See you."),
                c("emoji without spaces", "So happy!😊See you.", "So happy!😊", "See you."),
                c("ZWJ family", "Met them! 👨‍👩‍👧 They are great.", "Met them! 👨‍👩‍👧", "They are great."),
                c(
                        "skin tone and flag",
                        "Thanks! 👍🏽 Off to Japan 🇯🇵. Bye!",
                        "Thanks! 👍🏽",
                        "Off to Japan 🇯🇵.",
                        "Bye!"),
                c("emoji-styled terminator", "Wow‼️ Great job.", "Wow‼️", "Great job."),
                c("emoticon", "That was fun! :) See you.", "That was fun! :)", "See you."),
                c("emoji-only line joins the previous", "Great news!\n🎉🎉", "Great news! 🎉🎉"),
                c("punctuation-only joins the previous", "Hello. !!! Bye.", "Hello. !!!", "Bye."),
                c("a leading fragment joins the next", "😊\nHi there.", "😊 Hi there."),
                c("only a fragment", "?!", "?!"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void splits_into_the_expected_sentences(String description, String text, List<String> expected) {
        assertThat(splitter.split(text)).containsExactlyElementsOf(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\n\t \r\n", "\u00A0\u2003"})
    void blank_text_has_no_sentences(String text) {
        assertThat(splitter.split(text)).isEmpty();
    }

    @Test
    void null_text_is_rejected() {
        assertThatNullPointerException().isThrownBy(() -> splitter.split(null));
    }

    private static Arguments c(String description, String text, String... sentences) {
        return Arguments.of(description, text, List.of(sentences));
    }
}
