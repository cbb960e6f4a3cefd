package dev.engram.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.engram.text.RelativeDates.Mention;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RelativeDatesTest {

    /** A Monday. */
    private static final LocalDate SAID = LocalDate.of(2023, 5, 8);

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            I went yesterday                   | yesterday            | 2023-05-07 | 2023-05-07 | 2023-05-07
            we met the day before yesterday    | the day before yesterday | 2023-05-06 | 2023-05-06 | 2023-05-06
            I am painting today                | today                | 2023-05-08 | 2023-05-08 | 2023-05-08
            the party is tomorrow              | tomorrow             | 2023-05-09 | 2023-05-09 | 2023-05-09
            I ran a race two days ago          | two days ago         | 2023-05-06 | 2023-05-06 | 2023-05-06
            it happened 3 days ago             | 3 days ago           | 2023-05-05 | 2023-05-05 | 2023-05-05
            we moved a few days ago            | a few days ago       | 2023-05-04 | 2023-05-06 | 2023-05-04 to 2023-05-06
            I started two weeks ago            | two weeks ago        | 2023-04-24 | 2023-04-30 | 2023-04-24 to 2023-04-30
            she left a month ago               | a month ago          | 2023-04-01 | 2023-04-30 | April 2023
            we married three years ago         | three years ago      | 2020-01-01 | 2020-12-31 | 2020
            I will know in two weeks           | in two weeks         | 2023-05-22 | 2023-05-28 | 2023-05-22 to 2023-05-28
            I visited last week                | last week            | 2023-05-01 | 2023-05-07 | 2023-05-01 to 2023-05-07
            I hiked last weekend               | last weekend         | 2023-05-06 | 2023-05-07 | 2023-05-06 to 2023-05-07
            the trip is next month             | next month           | 2023-06-01 | 2023-06-30 | June 2023
            I graduated last year              | last year            | 2022-01-01 | 2022-12-31 | 2022
            we camped last summer              | last summer          | 2022-06-01 | 2022-08-31 | summer 2022
            we will camp next summer           | next summer          | 2023-06-01 | 2023-08-31 | summer 2023
            I called her last Friday           | last Friday          | 2023-05-05 | 2023-05-05 | 2023-05-05
            we meet next Tuesday               | next Tuesday         | 2023-05-09 | 2023-05-09 | 2023-05-09
            Yesterday was long                 | Yesterday            | 2023-05-07 | 2023-05-07 | 2023-05-07
            Two Weeks Ago I started            | Two Weeks Ago        | 2023-04-24 | 2023-04-30 | 2023-04-24 to 2023-04-30
            IN TWO WEEKS I will know           | IN TWO WEEKS         | 2023-05-22 | 2023-05-28 | 2023-05-22 to 2023-05-28
            Last Summer we camped              | Last Summer          | 2022-06-01 | 2022-08-31 | summer 2022
            """)
    void resolvesAgainstTheDayItWasSaid(String text, String expression, String from, String to, String label) {
        List<Mention> mentions = RelativeDates.find(text, SAID);

        assertThat(mentions).singleElement().satisfies(mention -> {
            assertThat(text.substring(mention.start(), mention.end())).isEqualTo(expression);
            assertThat(mention.from()).isEqualTo(from);
            assertThat(mention.to()).isEqualTo(to);
            assertThat(mention.label()).isEqualTo(label);
        });
    }

    @Test
    void winterSpansTheTurnOfTheYear() {
        Mention winter = RelativeDates.find("it was cold last winter", LocalDate.of(2023, 5, 8))
                .get(0);

        assertThat(winter.from()).isEqualTo("2022-12-01");
        assertThat(winter.to()).isEqualTo("2023-02-28");
        assertThat(winter.label()).isEqualTo("winter 2022");
    }

    @Test
    void annotatesEveryExpressionInPlace() {
        assertThat(RelativeDates.annotate("I adopted him yesterday and we walk next week.", SAID))
                .isEqualTo("I adopted him yesterday (2023-05-07) and we walk next week (2023-05-15 to 2023-05-21).");
    }

    @Test
    void leavesAloneWhatTheDayOfSpeakingCannotResolve() {
        assertThat(RelativeDates.find("I went there on Friday, recently, some day", SAID))
                .isEmpty();
        assertThat(RelativeDates.annotate("nothing relative here", SAID)).isEqualTo("nothing relative here");
    }

    @Test
    void wordsThatOnlyContainAnExpressionAreNotOne() {
        assertThat(RelativeDates.find("todays yesterdays", SAID)).isEmpty();
    }
}
