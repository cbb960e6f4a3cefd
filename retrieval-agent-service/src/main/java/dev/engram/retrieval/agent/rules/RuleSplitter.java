package dev.engram.retrieval.agent.rules;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Splits a question into independent single-hop queries without an LLM. Two shapes are recognised:
 * names joined by a conjunction ("What do Caroline and Melanie like?" gives one question per name,
 * "both"/"each" dropped), and several questions in one ("Where does she work? When did she
 * start?"). Anything else is not split: an empty list means "search the question as it is".
 */
@ApplicationScoped
public class RuleSplitter {

    private static final String NAME = "\\p{Lu}[\\p{L}'’-]*";
    private static final Pattern NAME_LIST =
            Pattern.compile(NAME + "(?:\\s*,\\s*" + NAME + ")*\\s*,?\\s+(?:and|or|&)\\s+" + NAME);
    private static final Pattern SEPARATE_NAME = Pattern.compile(NAME);
    private static final Pattern CONNECTIVES = Pattern.compile("\\s*,?\\s+(?:and|or|&)\\s+|\\s*,\\s*");
    private static final Pattern COLLECTIVE = Pattern.compile("\\s+(?:both|each|all)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern QUESTION_END = Pattern.compile("(?<=\\?)\\s+(?=\\S)");

    public List<String> split(String question) {
        List<String> byName = splitNames(question);
        if (byName.size() > 1) {
            return byName;
        }
        return splitQuestions(question);
    }

    private static List<String> splitNames(String question) {
        Matcher list = NAME_LIST.matcher(question);
        while (list.find()) {
            if (list.start() == 0 && !startsWithName(question)) {
                continue;
            }
            Set<String> names = new LinkedHashSet<>();
            for (String part : CONNECTIVES.split(list.group())) {
                if (SEPARATE_NAME.matcher(part).matches()) {
                    names.add(part);
                }
            }
            if (names.size() < 2) {
                continue;
            }
            String before = question.substring(0, list.start());
            String after = COLLECTIVE.matcher(question.substring(list.end())).replaceAll("");
            List<String> queries = new ArrayList<>();
            for (String name : names) {
                queries.add((before + name + after).strip());
            }
            return queries;
        }
        return List.of();
    }

    /** A capitalised first word is only a name if it is not a question word or an auxiliary. */
    private static boolean startsWithName(String question) {
        List<String> words = Words.of(question);
        return !words.isEmpty() && Words.isContent(words.get(0));
    }

    private static List<String> splitQuestions(String question) {
        List<String> parts = new ArrayList<>();
        for (String part : QUESTION_END.split(question.strip())) {
            long content = Words.of(part).stream().filter(Words::isContent).count();
            if (content >= 2) {
                parts.add(part.strip());
            }
        }
        return parts.size() > 1 ? parts : List.of();
    }
}
