package dev.engram.retrieval.rerank;

import java.time.Instant;
import java.time.LocalDate;
import java.time.Month;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the absolute dates a question names ("on 13 October, 2023", "in July 2023", "in 2022", "in
 * June") and turns each into the period it means. Relative expressions ("last year") are left alone:
 * they need the moment the question refers to, which a memory search does not know.
 */
public final class TimeExpressions {

    private static final String MONTH =
            "(january|february|march|april|may|june|july|august|september|october|november|december)";
    private static final Pattern MONTH_DAY_YEAR =
            Pattern.compile("\\b" + MONTH + "\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+((?:19|20)\\d\\d)\\b");
    private static final Pattern DAY_MONTH_YEAR =
            Pattern.compile("\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?" + MONTH + ",?\\s+((?:19|20)\\d\\d)\\b");
    private static final Pattern MONTH_YEAR = Pattern.compile("\\b" + MONTH + ",?\\s+((?:19|20)\\d\\d)\\b");
    private static final Pattern YEAR = Pattern.compile("\\b(?:in|during|of|since)\\s+((?:19|20)\\d\\d)\\b");
    // "may" is also a verb: a month without a year counts only after "in".
    private static final Pattern IN_MONTH = Pattern.compile("\\bin\\s+" + MONTH + "\\b(?!,?\\s+\\d)");

    /** A period named by a question; {@code anyYear} when only the month was named. */
    record Period(LocalDate from, LocalDate to, boolean anyYear) {

        /** Whether {@code instant} falls in the period or up to {@code graceDays} after it (UTC days). */
        boolean covers(Instant instant, long graceDays) {
            LocalDate day = instant.atOffset(ZoneOffset.UTC).toLocalDate();
            if (!anyYear) {
                return !day.isBefore(from) && !day.isAfter(to.plusDays(graceDays));
            }
            // The period of the day's own year, or of the year before when the grace crosses New Year.
            for (int year = day.getYear() - 1; year <= day.getYear(); year++) {
                if (!day.isBefore(from.withYear(year))
                        && !day.isAfter(to.withYear(year).plusDays(graceDays))) {
                    return true;
                }
            }
            return false;
        }
    }

    private TimeExpressions() {}

    /** Whether the question names a date, a month or a year of its own. */
    public static boolean namesAPeriod(String question) {
        return !in(question).isEmpty();
    }

    static List<Period> in(String question) {
        String text = question.toLowerCase(Locale.ROOT);
        List<Period> periods = new ArrayList<>();
        Matcher m = MONTH_DAY_YEAR.matcher(text);
        while (m.find()) {
            day(periods, Integer.parseInt(m.group(3)), month(m.group(1)), Integer.parseInt(m.group(2)));
        }
        m = DAY_MONTH_YEAR.matcher(text);
        while (m.find()) {
            day(periods, Integer.parseInt(m.group(3)), month(m.group(2)), Integer.parseInt(m.group(1)));
        }
        if (periods.isEmpty()) {
            m = MONTH_YEAR.matcher(text);
            while (m.find()) {
                YearMonth month = YearMonth.of(Integer.parseInt(m.group(2)), month(m.group(1)));
                periods.add(new Period(month.atDay(1), month.atEndOfMonth(), false));
            }
        }
        if (periods.isEmpty()) {
            m = YEAR.matcher(text);
            while (m.find()) {
                int year = Integer.parseInt(m.group(1));
                periods.add(new Period(LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31), false));
            }
            m = IN_MONTH.matcher(text);
            while (m.find()) {
                // Any year: a leap year, so that 29 February fits.
                YearMonth month = YearMonth.of(2000, month(m.group(1)));
                periods.add(new Period(month.atDay(1), month.atEndOfMonth(), true));
            }
        }
        return periods;
    }

    private static void day(List<Period> periods, int year, Month month, int day) {
        if (day >= 1 && day <= month.length(Year.isLeap(year))) {
            LocalDate date = LocalDate.of(year, month, day);
            periods.add(new Period(date, date, false));
        }
    }

    private static Month month(String name) {
        return Month.valueOf(name.toUpperCase(Locale.ROOT));
    }
}
