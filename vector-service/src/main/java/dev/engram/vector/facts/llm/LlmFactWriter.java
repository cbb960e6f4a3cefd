package dev.engram.vector.facts.llm;

import dev.engram.text.RelativeDates;
import dev.engram.vector.config.VectorConfig;
import dev.engram.vector.facts.Fact;
import dev.engram.vector.facts.Keywords;
import dev.engram.vector.facts.Participants;
import dev.engram.vector.facts.llm.FactAnswer.Decision;
import dev.engram.vector.facts.llm.FactAnswer.Op;
import dev.engram.vector.graph.UserGraphs;
import dev.engram.vector.model.FactReplacement;
import dev.engram.vector.model.FactReplacement.WrittenFact;
import dev.engram.vector.model.SourceEpisode;
import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitHit;
import dev.engram.vector.model.UnitQuery;
import dev.engram.vector.store.VectorStore;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Writes the facts of new episodes of one session with the LLM: the facts the rules derived from them find the
 * known facts they may repeat or change (through the fact index, then scored by {@link FactCandidates}), the
 * LLM decides what to add, update or skip, and the result replaces the rules' facts of those episodes. Blocking:
 * an HTTP call, embeddings and index writes.
 */
@ApplicationScoped
public class LlmFactWriter {

    /** How the LLM's answer turned out, for the metrics. */
    public record Outcome(int added, int updated, int skipped, int rejected) {}

    private final VectorStore store;
    private final EmbeddingModel embeddings;
    private final FactModel model;
    private final UserGraphs graphs;
    private final FactCandidates candidates;
    private final int poolPerFact;

    LlmFactWriter(
            VectorStore store, EmbeddingModel embeddings, FactModel model, UserGraphs graphs, VectorConfig config) {
        this.store = store;
        this.embeddings = embeddings;
        this.model = model;
        this.graphs = graphs;
        VectorConfig.LlmFacts llm = config.graph().llm();
        this.candidates = new FactCandidates(llm.cosineWeight(), llm.keywordWeight(), llm.candidates());
        this.poolPerFact = llm.candidates();
    }

    /**
     * Replaces the facts of {@code episodes} (new episodes of one session, in the order said) by the LLM's.
     *
     * @param ruleFacts the facts the rules derived from them, which find the known facts to show the LLM
     * @throws IllegalArgumentException when the answer holds no usable fact list; the rules' facts then stay
     */
    public Outcome write(List<SourceEpisode> episodes, List<Fact> ruleFacts) {
        SourceEpisode first = episodes.get(0);
        Map<String, SourceEpisode> batch = new LinkedHashMap<>();
        episodes.forEach(episode -> batch.put(episode.episodeId(), episode));
        List<Fact> known = known(first.project(), first.userId(), batch.keySet(), ruleFacts);

        FactAnswer answer = FactAnswer.parse(
                model.write(knownLines(known), messageLines(episodes)).content());
        Map<String, Fact> knownById =
                known.stream().collect(Collectors.toMap(Fact::factId, Function.identity(), (a, b) -> a));
        List<Fact> written = new ArrayList<>();
        Set<String> replaced = new LinkedHashSet<>();
        int added = 0;
        int updated = 0;
        int skipped = 0;
        int rejected = answer.rejected();
        for (Decision decision : answer.decisions()) {
            Fact old = knownById.get(decision.factId());
            List<String> evidence = decision.evidence().stream()
                    .filter(batch::containsKey)
                    .distinct()
                    .toList();
            boolean valid = switch (decision.op()) {
                case ADD -> !evidence.isEmpty();
                case UPDATE -> old != null && !evidence.isEmpty() && !replaced.contains(old.factId());
                case SKIP -> old != null;
            };
            if (!valid) {
                rejected++;
                continue;
            }
            switch (decision.op()) {
                case ADD -> added++;
                case UPDATE -> updated++;
                case SKIP -> skipped++;
            }
            if (decision.op() == Op.SKIP) {
                continue;
            }
            if (old != null) {
                replaced.add(old.factId());
            }
            written.add(fact(decision, evidence, old, batch, written.size()));
        }
        if (added + updated + skipped == 0 && rejected > 0) {
            throw new IllegalArgumentException("none of the " + rejected + " facts in the answer is usable");
        }
        store.replaceFacts(new FactReplacement(
                first.project(), first.userId(), batch.keySet(), replaced, withVectors(written, batch)));
        graphs.removed(first.project(), first.userId());
        return new Outcome(added, updated, skipped, rejected);
    }

    /** Known facts related to the new ones, found through the fact index; none held by the new episodes. */
    private List<Fact> known(String project, String userId, Set<String> batch, List<Fact> ruleFacts) {
        if (ruleFacts.isEmpty()) {
            return List.of();
        }
        List<float[]> freshVectors = embed(ruleFacts.stream().map(Fact::text).toList());
        UnitFilter user = UnitFilter.forUser(project, userId);
        Set<String> pool = new LinkedHashSet<>();
        for (int i = 0; i < ruleFacts.size(); i++) {
            for (UnitHit hit :
                    store.searchFacts(new UnitQuery(ruleFacts.get(i).text(), freshVectors.get(i), user, poolPerFact))) {
                if (!batch.contains(hit.episodeId())) {
                    pool.add(hit.unitId());
                }
            }
        }
        if (pool.isEmpty()) {
            return List.of();
        }
        List<Fact> found = store.facts(project, userId, pool).stream()
                .filter(fact -> !batch.contains(fact.episodeId()))
                .toList();
        Map<String, float[]> vectors = new HashMap<>();
        for (int i = 0; i < ruleFacts.size(); i++) {
            vectors.put(ruleFacts.get(i).factId(), freshVectors.get(i));
        }
        List<float[]> foundVectors = embed(found.stream().map(Fact::text).toList());
        for (int i = 0; i < found.size(); i++) {
            vectors.put(found.get(i).factId(), foundVectors.get(i));
        }
        return candidates.best(found, ruleFacts, vectors);
    }

    /**
     * A fact as the LLM wrote it, held by the latest of the new episodes it rests on; an update also rests on
     * what the fact it replaces rested on.
     */
    private static Fact fact(
            Decision decision, List<String> evidence, Fact old, Map<String, SourceEpisode> batch, int n) {
        SourceEpisode holder = evidence.stream()
                .map(batch::get)
                .max(Comparator.comparing(SourceEpisode::timestamp, Comparator.nullsFirst(Comparator.naturalOrder())))
                .orElseThrow();
        List<String> ids = new ArrayList<>(List.of(holder.episodeId()));
        List<String> sessions = new ArrayList<>(List.of(holder.sessionId()));
        for (String id : evidence) {
            if (!ids.contains(id)) {
                ids.add(id);
                sessions.add(batch.get(id).sessionId());
            }
        }
        if (old != null) {
            for (int i = 0; i < old.evidence().size(); i++) {
                if (!ids.contains(old.evidence().get(i))) {
                    ids.add(old.evidence().get(i));
                    sessions.add(old.evidenceSessions().get(i));
                }
            }
        }
        LocalDate said = holder.timestamp() == null
                ? null
                : holder.timestamp().atOffset(ZoneOffset.UTC).toLocalDate();
        LocalDate from = decision.from();
        LocalDate to = decision.to();
        if (from == null && said != null) {
            var mentions = RelativeDates.find(decision.text(), said);
            from = mentions.isEmpty() ? said : mentions.get(0).from();
            to = mentions.isEmpty() ? said : mentions.get(0).to();
        }
        String speaker = holder.producer();
        String addressee = holder.producedFor();
        return new Fact(
                Fact.writtenId(holder.episodeId(), n),
                holder.episodeId(),
                holder.sessionId(),
                n,
                holder.timestamp(),
                decision.text(),
                Participants.of(decision.text(), speaker, addressee),
                Keywords.of(decision.text(), new HashSet<>(List.of(speaker, addressee))),
                from,
                to,
                ids,
                sessions,
                decision.event());
    }

    private List<WrittenFact> withVectors(List<Fact> facts, Map<String, SourceEpisode> batch) {
        List<float[]> vectors = embed(facts.stream().map(Fact::text).toList());
        List<WrittenFact> written = new ArrayList<>(facts.size());
        for (int i = 0; i < facts.size(); i++) {
            written.add(new WrittenFact(batch.get(facts.get(i).episodeId()), facts.get(i), vectors.get(i)));
        }
        return written;
    }

    private List<float[]> embed(List<String> texts) {
        if (texts.isEmpty()) {
            return List.of();
        }
        return embeddings.embedAll(texts.stream().map(TextSegment::from).toList()).content().stream()
                .map(Embedding::vector)
                .toList();
    }

    private static String knownLines(List<Fact> known) {
        if (known.isEmpty()) {
            return "(none)";
        }
        return known.stream()
                .map(fact -> fact.factId() + " | " + days(fact) + " | " + fact.text())
                .collect(Collectors.joining("\n"));
    }

    private static String days(Fact fact) {
        if (fact.from() == null) {
            return "-";
        }
        return fact.from().equals(fact.to()) ? fact.from().toString() : fact.from() + ".." + fact.to();
    }

    private static String messageLines(List<SourceEpisode> episodes) {
        return episodes.stream()
                .map(e -> e.episodeId() + " | " + (e.timestamp() == null ? "-" : e.timestamp()) + " | "
                        + (e.producer().isEmpty() ? "someone" : e.producer())
                        + (e.producedFor().isEmpty() ? "" : " -> " + e.producedFor()) + ": " + e.content())
                .collect(Collectors.joining("\n"));
    }
}
