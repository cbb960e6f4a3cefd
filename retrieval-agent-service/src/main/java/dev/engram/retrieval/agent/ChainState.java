package dev.engram.retrieval.agent;

import dev.engram.retrieval.agent.rules.Participants;
import dev.engram.retrieval.model.Nucleus;
import dev.engram.retrieval.model.SearchRequest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The memory of one chain: the rankings of every round, the evidence read so far (numbered as the
 * LLM sees it), the evidence it judged useful, the queries asked and the feedback terms used. A
 * chain records its rounds one after another, even rounds it sent together (they are recorded once
 * both have answered), so this needs no locking.
 */
final class ChainState {

    // The LLM sees at most this much accumulated evidence, to bound the prompt.
    private static final int MAX_EVIDENCE_SHOWN = 20;

    private final SearchRequest request;
    private final List<List<Nucleus>> rankings = new ArrayList<>();
    private final List<String> queries = new ArrayList<>();
    private final List<Nucleus> evidence = new ArrayList<>();
    private final Set<String> evidenceIds = new HashSet<>();
    private final Set<String> usefulIds = new LinkedHashSet<>();
    private final Set<String> usedTerms = new HashSet<>();
    private final Set<String> expansions = new HashSet<>();
    private final Set<String> speakers = new LinkedHashSet<>();
    // The round that searched the person's own turns, or -1 when none did.
    private int ownWordsRound = -1;
    private List<Nucleus> latest = List.of();

    ChainState(SearchRequest request) {
        this.request = request;
    }

    SearchRequest request() {
        return request;
    }

    int rounds() {
        return rankings.size();
    }

    /** Records a round: its ranking, and its best nuclei not seen in earlier rounds as new evidence. */
    void found(String query, List<Nucleus> nuclei, int evidencePerRound) {
        queries.add(query);
        rankings.add(nuclei);
        speakers.addAll(Participants.speakers(nuclei.stream().map(Nucleus::text).toList()));
        List<Nucleus> fresh = new ArrayList<>();
        for (Nucleus nucleus : nuclei) {
            if (fresh.size() >= evidencePerRound) {
                break;
            }
            if (evidenceIds.add(nucleus.episodeId())) {
                fresh.add(nucleus);
            }
        }
        evidence.addAll(fresh);
        latest = fresh;
    }

    boolean isNew(String query) {
        return queries.stream().noneMatch(asked -> sameQuery(asked, query));
    }

    /** The evidence so far as the LLM reads it: "[n] text", numbered from 1. */
    String numberedEvidence() {
        StringBuilder text = new StringBuilder();
        List<Nucleus> shown = evidence.subList(0, Math.min(evidence.size(), MAX_EVIDENCE_SHOWN));
        for (int i = 0; i < shown.size(); i++) {
            text.append('[')
                    .append(i + 1)
                    .append("] ")
                    .append(shown.get(i).text())
                    .append('\n');
        }
        return text.toString();
    }

    /** Marks evidence the LLM judged useful, by the numbers it was shown with; others are ignored. */
    void useful(List<Integer> numbers) {
        int shown = Math.min(evidence.size(), MAX_EVIDENCE_SHOWN);
        for (int number : numbers) {
            if (number >= 1 && number <= shown) {
                usefulIds.add(evidence.get(number - 1).episodeId());
            }
        }
    }

    /** Texts of the last round's new evidence, best first. */
    List<String> latestEvidence() {
        return latest.stream().map(Nucleus::text).toList();
    }

    /**
     * Words feedback must not add: terms taken before, and the names of the people who speak, which
     * stand in every turn (as its speaker, and in the turns addressed to them) and so select nothing.
     */
    Set<String> knownTerms() {
        Set<String> known = new HashSet<>(usedTerms);
        speakers.forEach(speaker -> known.addAll(List.of(speaker.split("\\s+"))));
        return known;
    }

    /** The people heard speaking so far, in order of first appearance. */
    Set<String> speakers() {
        return speakers;
    }

    void used(List<String> terms) {
        usedTerms.addAll(terms);
    }

    /**
     * Records that the latest round searched the person's own turns: its ranking counts twice in the
     * merge, and the chain has what it came for.
     */
    void searchedOwnWords() {
        ownWordsRound = rankings.size() - 1;
    }

    boolean hasOwnWords() {
        return ownWordsRound >= 0;
    }

    /** Marks a query as the question expanded with feedback terms rather than a rewrite. */
    void expansion(String query) {
        expansions.add(query);
    }

    boolean isExpansion(String query) {
        return expansions.contains(query);
    }

    /**
     * Every round's ranking, the person hop's (or else the question's) twice; the evidence judged
     * useful, when there is any, as a ranking of its own first.
     */
    Gathered gathered() {
        List<List<Nucleus>> all = new ArrayList<>();
        if (!usefulIds.isEmpty()) {
            all.add(evidence.stream()
                    .filter(nucleus -> usefulIds.contains(nucleus.episodeId()))
                    .toList());
        }
        // One ranking counts twice: later rounds add candidates it missed rather than pushing down
        // what it found best.
        all.add(rankings.get(Math.max(ownWordsRound, 0)));
        all.addAll(rankings);
        // Feedback expansions are the question plus words from evidence: reranking against them
        // would favour more of what was already found, so only the question and real rewrites count.
        List<String> rerankQueries =
                queries.stream().filter(query -> !expansions.contains(query)).toList();
        return new Gathered(all, rerankQueries);
    }

    /** Whether two queries differ only in case or spacing. */
    static boolean sameQuery(String one, String other) {
        return normalize(one).equals(normalize(other));
    }

    private static String normalize(String query) {
        return query.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
    }
}
