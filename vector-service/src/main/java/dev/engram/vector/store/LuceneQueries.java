package dev.engram.vector.store;

import dev.engram.vector.model.UnitFilter;
import dev.engram.vector.model.UnitKind;
import dev.engram.vector.model.UnitSelection;
import dev.engram.vector.text.AnalyzedTerms;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/** Builds the Lucene queries of a hybrid search; user text never reaches a query parser. */
final class LuceneQueries {

    /**
     * Distinct query terms kept for BM25. Lucene caps a query tree at 1024 clauses; the filter needs a
     * few, and terms beyond a few hundred no longer change which units rank first.
     */
    static final int MAX_QUERY_TERMS = 512;

    private LuceneQueries() {}

    /** Matches exactly the units the filter allows; used as the filter of both retrievers. */
    static Query filter(UnitFilter filter) {
        BooleanQuery.Builder query = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(LuceneDocuments.PROJECT, filter.project())), Occur.FILTER)
                .add(new TermQuery(new Term(LuceneDocuments.USER_ID, filter.userId())), Occur.FILTER);
        if (!filter.agentId().isEmpty()) {
            query.add(new TermQuery(new Term(LuceneDocuments.AGENT_ID, filter.agentId())), Occur.FILTER);
        }
        if (!filter.sessionId().isEmpty()) {
            query.add(new TermQuery(new Term(LuceneDocuments.SESSION_ID, filter.sessionId())), Occur.FILTER);
        }
        if (!filter.sessionIds().isEmpty()) {
            query.add(anyOf(LuceneDocuments.SESSION_ID, filter.sessionIds()), Occur.FILTER);
        }
        if (filter.from() != null || filter.to() != null) {
            long from = filter.from() == null ? Long.MIN_VALUE : EpochNanos.of(filter.from());
            long to = filter.to() == null ? Long.MAX_VALUE : EpochNanos.of(filter.to());
            query.add(LongPoint.newRangeQuery(LuceneDocuments.TIMESTAMP, from, to), Occur.FILTER);
        }
        if (!filter.producers().isEmpty()) {
            query.add(anyOf(LuceneDocuments.PRODUCER, filter.producers()), Occur.FILTER);
        }
        for (Map.Entry<String, String> entry : filter.metadata().entrySet()) {
            Term term = new Term(LuceneDocuments.METADATA_PREFIX + entry.getKey(), entry.getValue());
            query.add(new TermQuery(term), Occur.FILTER);
        }
        return query.build();
    }

    /** Every unit of the given episodes of one user. */
    static Query episodes(String project, String userId, Collection<String> episodeIds) {
        return user(project, userId)
                .add(anyOf(LuceneDocuments.EPISODE_ID, episodeIds), Occur.FILTER)
                .build();
    }

    /** Exactly the units a deletion removes. */
    static Query selection(UnitSelection selection) {
        BooleanQuery.Builder query = user(selection.project(), selection.userId());
        // A fact goes with any episode it rests on, not only with the one that holds it; a summary with any
        // episode it covers.
        if (!selection.episodeIds().isEmpty()) {
            query.add(
                    either(
                            anyOf(LuceneDocuments.EPISODE_ID, selection.episodeIds()),
                            anyOf(LuceneDocuments.FACT_EVIDENCE, selection.episodeIds()),
                            anyOf(LuceneDocuments.SUMMARY_EPISODE, selection.episodeIds())),
                    Occur.FILTER);
        } else if (!selection.sessionId().isEmpty()) {
            query.add(
                    either(
                            new TermQuery(new Term(LuceneDocuments.SESSION_ID, selection.sessionId())),
                            new TermQuery(new Term(LuceneDocuments.FACT_EVIDENCE_SESSION, selection.sessionId()))),
                    Occur.FILTER);
        }
        return query.build();
    }

    private static Query either(Query... alternatives) {
        BooleanQuery.Builder query = new BooleanQuery.Builder().setMinimumNumberShouldMatch(1);
        for (Query alternative : alternatives) {
            query.add(alternative, Occur.SHOULD);
        }
        return query.build();
    }

    /** The segment summaries of a user, within the filter's sessions when it names any. */
    static Query summaries(UnitFilter filter) {
        BooleanQuery.Builder query = user(filter.project(), filter.userId())
                .add(new TermQuery(new Term(LuceneDocuments.KIND, LuceneDocuments.SUMMARY_KIND)), Occur.FILTER);
        if (!filter.sessionId().isEmpty()) {
            query.add(new TermQuery(new Term(LuceneDocuments.SESSION_ID, filter.sessionId())), Occur.FILTER);
        }
        if (!filter.sessionIds().isEmpty()) {
            query.add(anyOf(LuceneDocuments.SESSION_ID, filter.sessionIds()), Occur.FILTER);
        }
        return query.build();
    }

    /** The segment summaries of a user that cover any of the given episodes. */
    static Query summariesCovering(String project, String userId, Collection<String> episodeIds) {
        return user(project, userId)
                .add(anyOf(LuceneDocuments.SUMMARY_EPISODE, episodeIds), Occur.FILTER)
                .build();
    }

    /** The segment summaries of a user named by id. */
    static Query summaries(String project, String userId, Collection<String> summaryIds) {
        return user(project, userId)
                .add(new TermQuery(new Term(LuceneDocuments.KIND, LuceneDocuments.SUMMARY_KIND)), Occur.FILTER)
                .add(anyOf(LuceneDocuments.UNIT_ID, summaryIds), Occur.FILTER)
                .build();
    }

    /** Dense search over segment summaries. */
    static Query denseSummaries(float[] vector, int k, Query summaries) {
        return new KnnFloatVectorQuery(LuceneDocuments.SUMMARY_VECTOR, vector, k, summaries);
    }

    /** BM25 over the words of segment summaries. */
    static Optional<Query> summaryBm25(Analyzer analyzer, String text, Query summaries) {
        return bm25(analyzer, LuceneDocuments.SUMMARY_TEXT, text, summaries);
    }

    /** The facts of a user held by the given episodes or named by id. */
    static Query facts(String project, String userId, Collection<String> episodeIds, Collection<String> factIds) {
        BooleanQuery.Builder which = new BooleanQuery.Builder().setMinimumNumberShouldMatch(1);
        if (!episodeIds.isEmpty()) {
            which.add(anyOf(LuceneDocuments.EPISODE_ID, episodeIds), Occur.SHOULD);
        }
        if (!factIds.isEmpty()) {
            which.add(anyOf(LuceneDocuments.UNIT_ID, factIds), Occur.SHOULD);
        }
        return user(project, userId)
                .add(new TermQuery(new Term(LuceneDocuments.KIND, UnitKind.FACT.name())), Occur.FILTER)
                .add(which.build(), Occur.FILTER)
                .build();
    }

    /** Dense search over the facts that carry a vector of their own (those the LLM wrote). */
    static Query denseFacts(float[] vector, int k, Query filter) {
        return new KnnFloatVectorQuery(LuceneDocuments.FACT_VECTOR, vector, k, filter);
    }

    /** Every unit of one user. */
    static Query units(String project, String userId) {
        return user(project, userId).build();
    }

    /** The units of one kind of one user. */
    static Query units(String project, String userId, UnitKind kind) {
        return user(project, userId)
                .add(new TermQuery(new Term(LuceneDocuments.KIND, kind.name())), Occur.FILTER)
                .build();
    }

    /** The filter narrowed to units of the given kinds. */
    static Query ofKinds(Query filter, UnitKind... kinds) {
        return new BooleanQuery.Builder()
                .add(filter, Occur.FILTER)
                .add(
                        anyOf(
                                LuceneDocuments.KIND,
                                Arrays.stream(kinds).map(Enum::name).toList()),
                        Occur.FILTER)
                .build();
    }

    /** The turns of the given episodes that the filter allows. */
    static Query allowedTurns(Query filter, Collection<String> episodeIds) {
        return new BooleanQuery.Builder()
                .add(ofKinds(filter, UnitKind.TURN), Occur.FILTER)
                .add(anyOf(LuceneDocuments.EPISODE_ID, episodeIds), Occur.FILTER)
                .build();
    }

    private static BooleanQuery.Builder user(String project, String userId) {
        return new BooleanQuery.Builder()
                .add(new TermQuery(new Term(LuceneDocuments.PROJECT, project)), Occur.FILTER)
                .add(new TermQuery(new Term(LuceneDocuments.USER_ID, userId)), Occur.FILTER);
    }

    /**
     * BM25 over the analyzed query terms (any of them), restricted to the filter; empty when the text has
     * no indexable term, e.g. only stop words or punctuation.
     */
    static Optional<Query> bm25(Analyzer analyzer, String text, Query filter) {
        return bm25(analyzer, LuceneDocuments.TEXT, text, filter);
    }

    /** BM25 over the words of a fact, like {@link #bm25(Analyzer, String, Query)} over those of a turn. */
    static Optional<Query> factBm25(Analyzer analyzer, String text, Query filter) {
        return bm25(analyzer, LuceneDocuments.FACT_TEXT, text, filter);
    }

    private static Optional<Query> bm25(Analyzer analyzer, String field, String text, Query filter) {
        Set<String> terms = analyze(analyzer, text);
        if (terms.isEmpty()) {
            return Optional.empty();
        }
        BooleanQuery.Builder anyTerm = new BooleanQuery.Builder();
        for (String term : terms) {
            anyTerm.add(new TermQuery(new Term(field, term)), Occur.SHOULD);
        }
        return Optional.of(new BooleanQuery.Builder()
                .add(anyTerm.build(), Occur.MUST)
                .add(filter, Occur.FILTER)
                .build());
    }

    private static Set<String> analyze(Analyzer analyzer, String text) {
        return AnalyzedTerms.of(analyzer, LuceneDocuments.TEXT, text, MAX_QUERY_TERMS);
    }

    private static Query anyOf(String field, Collection<String> values) {
        return new TermInSetQuery(field, values.stream().map(BytesRef::new).toList());
    }
}
