package dev.engram.text;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.TextStyle;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the relative time expressions of a sentence ("yesterday", "last week", "two days ago", "next
 * month", "last summer") and resolves each against the day the sentence was said, so that a statement
 * keeps its time when it is read later. Expressions that need more than the day of speaking (a bare
 * "on Friday", "recently") are left alone rather than guessed.
 */
public final class RelativeDates {

    /**
     * One resolved expression: where it stands in the text, and the days it means (inclusive).
     *
     * @param label how the period is written beside the expression: a day as 2023-05-07, a month as
     *     May 2023, a season as summer 2022, a year as 2022, anything else as a span of days
     */
    public record Mention(int start, int end, LocalDate from, LocalDate to, String label) {}

    private static final String NUMBER =
            "(a|an|one|a couple of|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|several|\\d{1,2})";
    private static final String UNIT = "(day|week|month|year)s?";
    private static final String WEEKDAY = "(monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
    private static final String SEASON = "(spring|summer|fall|autumn|winter)";

    private static final Pattern DAY_WORD =
            pattern("the day before yesterday|the day after tomorrow|yesterday|today|tonight|tomorrow"
                    + "|this (?:morning|afternoon|evening)");
    private static final Pattern AGO = pattern(NUMBER + " " + UNIT + " ago");
    private static final Pattern AHEAD = pattern("in " + NUMBER + " " + UNIT);
    private static final Pattern CALENDAR = pattern("(last|this|next) (week|weekend|month|year)");
    private static final Pattern SEASONAL = pattern("(last|this|next) " + SEASON);
    private static final Pattern DAY_OF_WEEK = pattern("(last|this|next) " + WEEKDAY);

    private RelativeDates() {}

    /** The expressions of {@code text} resolved against {@code said}, in text order, never overlapping. */
    public static List<Mention> find(String text, LocalDate said) {
        // Most sentences hold no relative time at all: a pattern runs only when the words it cannot match
        // without are there, which spares six case-insensitive scans of every sentence read.
        String lower = text.toLowerCase(Locale.ROOT);
        List<Mention> found = new ArrayList<>();
        if (containsAny(lower, "yesterday", "today", "tonight", "tomorrow", "this ")) {
            collect(DAY_WORD.matcher(text), found, m -> dayWord(m.group().toLowerCase(Locale.ROOT), said));
        }
        if (lower.contains(" ago")) {
            collect(AGO.matcher(text), found, m -> shifted(m.group(1), m.group(2), said, -1));
        }
        if (lower.contains("in ")) {
            collect(AHEAD.matcher(text), found, m -> shifted(m.group(1), m.group(2), said, 1));
        }
        if (containsAny(lower, "last ", "this ", "next ")) {
            collect(CALENDAR.matcher(text), found, m -> calendar(m.group(1), m.group(2), said));
            collect(SEASONAL.matcher(text), found, m -> season(m.group(1), m.group(2), said));
            collect(DAY_OF_WEEK.matcher(text), found, m -> weekday(m.group(1), m.group(2), said));
        }
        found.sort(Comparator.comparingInt(Mention::start));
        return List.copyOf(found);
    }

    private static boolean containsAny(String text, String... words) {
        for (String word : words) {
            if (text.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** {@code text} with each resolved expression followed by its period in brackets: "yesterday (2023-05-07)". */
    public static String annotate(String text, LocalDate said) {
        List<Mention> mentions = find(text, said);
        if (mentions.isEmpty()) {
            return text;
        }
        StringBuilder annotated = new StringBuilder(text.length() + 16 * mentions.size());
        int at = 0;
        for (Mention mention : mentions) {
            annotated
                    .append(text, at, mention.end())
                    .append(" (")
                    .append(mention.label())
                    .append(')');
            at = mention.end();
        }
        return annotated.append(text, at, text.length()).toString();
    }

    private interface Resolver {
        Period resolve(Matcher match);
    }

    private record Period(LocalDate from, LocalDate to, String label) {

        static Period day(LocalDate day) {
            return new Period(day, day, day.toString());
        }

        static Period days(LocalDate from, LocalDate to) {
            return from.equals(to) ? day(from) : new Period(from, to, from + " to " + to);
        }

        static Period month(YearMonth month) {
            String name = month.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
            return new Period(month.atDay(1), month.atEndOfMonth(), name + " " + month.getYear());
        }

        static Period year(int year) {
            return new Period(LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31), Integer.toString(year));
        }
    }

    private static void collect(Matcher matcher, List<Mention> found, Resolver resolver) {
        while (matcher.find()) {
            int start = matcher.start();
            int end = matcher.end();
            boolean overlaps = found.stream().anyMatch(m -> start < m.end() && m.start() < end);
            if (overlaps) {
                continue;
            }
            Period period = resolver.resolve(matcher);
            if (period != null) {
                found.add(new Mention(start, end, period.from(), period.to(), period.label()));
            }
        }
    }

    private static Period dayWord(String word, LocalDate said) {
        return switch (word) {
            case "the day before yesterday" -> Period.day(said.minusDays(2));
            case "yesterday" -> Period.day(said.minusDays(1));
            case "tomorrow" -> Period.day(said.plusDays(1));
            case "the day after tomorrow" -> Period.day(said.plusDays(2));
            default -> Period.day(said);
        };
    }

    /** "two weeks ago", "in a month": the day that far away, or the week, month or year it falls in. */
    private static Period shifted(String number, String unit, LocalDate said, int direction) {
        String amount = number.toLowerCase(Locale.ROOT);
        long count = count(amount);
        // "A few" and "several" are vague: the span they could mean, rather than one guessed point.
        long spread = amount.equals("a few") || amount.equals("several") ? 1 : 0;
        ChronoUnit step = switch (unit.toLowerCase(Locale.ROOT)) {
            case "day" -> ChronoUnit.DAYS;
            case "week" -> ChronoUnit.WEEKS;
            case "month" -> ChronoUnit.MONTHS;
            default -> ChronoUnit.YEARS;
        };
        LocalDate near = said.plus(direction * (count - spread), step);
        LocalDate far = said.plus(direction * (count + spread), step);
        LocalDate from = near.isBefore(far) ? near : far;
        LocalDate to = near.isBefore(far) ? far : near;
        return switch (step) {
            case DAYS -> Period.days(from, to);
            case WEEKS -> Period.days(weekStart(from), weekStart(to).plusDays(6));
            case MONTHS ->
                spread == 0
                        ? Period.month(YearMonth.from(from))
                        : Period.days(from.withDayOfMonth(1), YearMonth.from(to).atEndOfMonth());
            default ->
                spread == 0
                        ? Period.year(from.getYear())
                        : Period.days(from.withDayOfYear(1), to.withDayOfYear(to.lengthOfYear()));
        };
    }

    private static long count(String amount) {
        return switch (amount) {
            case "a", "an", "one" -> 1;
            case "a couple of", "two" -> 2;
            case "three", "a few", "several" -> 3;
            case "four" -> 4;
            case "five" -> 5;
            case "six" -> 6;
            case "seven" -> 7;
            case "eight" -> 8;
            case "nine" -> 9;
            case "ten" -> 10;
            case "eleven" -> 11;
            case "twelve" -> 12;
            default -> Long.parseLong(amount);
        };
    }

    /** "last week", "this month", "next year", "last weekend": calendar periods next to the day of speaking. */
    private static Period calendar(String which, String unit, LocalDate said) {
        int offset = offset(which);
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "week" -> {
                LocalDate start = weekStart(said).plusWeeks(offset);
                yield Period.days(start, start.plusDays(6));
            }
            case "weekend" -> {
                LocalDate saturday = weekStart(said).plusWeeks(offset).plusDays(5);
                yield Period.days(saturday, saturday.plusDays(1));
            }
            case "month" -> Period.month(YearMonth.from(said).plusMonths(offset));
            default -> Period.year(said.getYear() + offset);
        };
    }

    /** "last summer": the latest such season that ended before the day; "next": the first to start after it. */
    private static Period season(String which, String name, LocalDate said) {
        int offset = offset(which);
        int startMonth = switch (name.toLowerCase(Locale.ROOT)) {
            case "spring" -> 3;
            case "summer" -> 6;
            case "fall", "autumn" -> 9;
            default -> 12;
        };
        String label = name.toLowerCase(Locale.ROOT);
        LocalDate start = LocalDate.of(said.getYear(), startMonth, 1);
        if (startMonth == 12 && said.getMonthValue() <= 2) {
            start = start.minusYears(1);
        }
        LocalDate end = start.plusMonths(3).minusDays(1);
        if (offset < 0) {
            while (!end.isBefore(said)) {
                start = start.minusYears(1);
                end = start.plusMonths(3).minusDays(1);
            }
        } else if (offset > 0) {
            while (!start.isAfter(said)) {
                start = start.plusYears(1);
            }
            end = start.plusMonths(3).minusDays(1);
        }
        return new Period(start, end, label + " " + start.getYear());
    }

    /** "last Friday": the latest Friday before the day; "next Friday": the first after it; "this": of its week. */
    private static Period weekday(String which, String name, LocalDate said) {
        DayOfWeek day = DayOfWeek.valueOf(name.toUpperCase(Locale.ROOT));
        int offset = offset(which);
        if (offset < 0) {
            return Period.day(said.with(TemporalAdjusters.previous(day)));
        }
        if (offset > 0) {
            return Period.day(said.with(TemporalAdjusters.next(day)));
        }
        return Period.day(weekStart(said).plusDays(day.getValue() - 1L));
    }

    private static int offset(String which) {
        return switch (which.toLowerCase(Locale.ROOT)) {
            case "last" -> -1;
            case "next" -> 1;
            default -> 0;
        };
    }

    private static LocalDate weekStart(LocalDate day) {
        return day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
    }

    private static Pattern pattern(String alternatives) {
        return Pattern.compile("\\b(?:" + alternatives + ")\\b", Pattern.CASE_INSENSITIVE);
    }
}
