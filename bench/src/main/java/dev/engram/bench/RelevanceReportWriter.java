package dev.engram.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The relevance measurement as a markdown section and as JSON; and the observations it was computed from, as a
 * JSON file of their own that {@code --relevance-pool} reads back.
 */
public final class RelevanceReportWriter {

    private RelevanceReportWriter() {}

    /** The markdown section, headed {@code ## Relevance ...}. */
    public static String markdown(RelevanceResult result) {
        StringBuilder md = new StringBuilder();
        md.append("\n## Relevance: calibration and separation (")
                .append(result.dataset())
                .append(")\n\n");
        md.append(String.format(
                Locale.ROOT,
                "Answers of the Engram pass `%s`: %d answerable questions, whose %d returned clusters are labelled"
                        + " by whether any of their episodes is an evidence turn (%d are), and %d questions that"
                        + " should find nothing relevant (LoCoMo adversarial, LongMemEval abstention), asked the"
                        + " same way and not scored for recall.",
                result.pass(),
                result.answerableQuestions(),
                result.clusters(),
                result.evidenceClusters(),
                result.unanswerableQuestions()));
        if (result.serverReadBack() != null) {
            md.append(String.format(
                    Locale.ROOT,
                    " The server's calibration, read back from the returned (similarity, relevance) pairs: slope"
                            + " %.2f, intercept %.2f.",
                    result.serverReadBack().slope(),
                    result.serverReadBack().intercept()));
        }
        md.append("\n\n### Calibration: label ~ similarity, over the answerable questions' clusters\n\n");
        md.append("| calibration | slope | intercept | Brier | log-loss |\n|---|---|---|---|---|\n");
        for (RelevanceResult.Calibration calibration : result.calibrations()) {
            LogisticCalibration parameters =
                    calibration.parameters() != null ? calibration.parameters() : result.serverReadBack();
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s | %s |%n",
                    calibration.name(),
                    parameters == null ? "–" : number("%.2f", parameters.slope()),
                    parameters == null ? "–" : number("%.2f", parameters.intercept()),
                    number("%.4f", calibration.brier()),
                    number("%.4f", calibration.logLoss())));
        }
        md.append(String.format(
                Locale.ROOT,
                "%nLogistic regression by Newton's method with an L2 penalty of %s on both parameters; the fit is"
                        + " scored on the clusters it was fitted on. Similarity: the best cosine of the question to"
                        + " any episode of the cluster, mapped to [0, 1], as returned.%n",
                LogisticCalibration.L2));
        if (result.fitted() != null) {
            md.append("\nThe same regression over only the first k clusters of each answer (evidence is rarer further"
                    + " down, so a similarity means less the deeper it was found):\n\n");
            md.append("| first k clusters | clusters | holding evidence | slope | intercept | similarity at relevance"
                    + " 0.5 |\n|---|---|---|---|---|---|\n");
            List<RelevanceResult.DepthFit> rows = new ArrayList<>(result.depthFits());
            rows.add(new RelevanceResult.DepthFit(0, result.clusters(), result.evidenceClusters(), result.fitted()));
            for (RelevanceResult.DepthFit row : rows) {
                LogisticCalibration fit = row.fit();
                md.append(String.format(
                        Locale.ROOT,
                        "| %s | %d | %d | %s | %s | %s |%n",
                        row.depth() == 0 ? "all" : String.valueOf(row.depth()),
                        row.clusters(),
                        row.evidenceClusters(),
                        fit == null ? "–" : number("%.2f", fit.slope()),
                        fit == null ? "–" : number("%.2f", fit.intercept()),
                        fit == null || fit.slope() == 0 ? "–" : number("%.3f", -fit.intercept() / fit.slope())));
            }
        }

        RelevanceResult.Separation separation = result.separation();
        md.append("\n### Separation: answerable against unanswerable questions\n\n");
        md.append("| question's top | AUC | mean, answerable | mean, unanswerable |\n|---|---|---|---|\n");
        md.append(String.format(
                Locale.ROOT,
                "| relevance (server's) | %s | %s | %s |%n",
                number("%.3f", separation.aucTopRelevance()),
                number("%.3f", separation.meanTopRelevanceAnswerable()),
                number("%.3f", separation.meanTopRelevanceUnanswerable())));
        md.append(String.format(
                Locale.ROOT,
                "| similarity | %s | %s | %s |%n",
                number("%.3f", separation.aucTopSimilarity()),
                number("%.3f", separation.meanTopSimilarityAnswerable()),
                number("%.3f", separation.meanTopSimilarityUnanswerable())));
        md.append("\nAUC: the chance that an answerable question's top scores above an unanswerable one's (ties"
                + " half); 0.5 is no separation. A question without a cluster has top 0.\n");
        md.append("\n| group | kind | n | mean top similarity | mean top relevance |\n|---|---|---|---|---|\n");
        for (RelevanceResult.GroupTop group : result.groups()) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %d | %s | %s |%n",
                    group.group(),
                    group.answerable() ? "answerable" : "unanswerable",
                    group.questions(),
                    number("%.3f", group.meanTopSimilarity()),
                    number("%.3f", group.meanTopRelevance())));
        }

        for (RelevanceResult.Calibration calibration : result.calibrations()) {
            md.append("\n### min_relevance applied offline, calibration: ")
                    .append(calibration.name())
                    .append("\n\n");
            md.append(String.format(
                    Locale.ROOT,
                    "| min_relevance | R@%d | R@%dw | answerable left empty | unanswerable left empty |"
                            + " clusters kept |%n|---|---|---|---|---|---|%n",
                    RelevanceAnalysis.RECALL_CUTOFF,
                    RecallMetrics.WORD_BUDGET));
            for (RelevanceResult.ThresholdRow row : calibration.thresholds()) {
                md.append(String.format(
                        Locale.ROOT,
                        "| %.1f | %s | %s | %s | %s | %s |%n",
                        row.minRelevance(),
                        number("%.3f", row.recallAt10()),
                        number("%.3f", row.recallWithinWords()),
                        number("%.3f", row.answerableLeftEmpty()),
                        number("%.3f", row.unanswerableLeftEmpty()),
                        number("%.1f", row.clustersKept())));
            }
            md.append(String.format(
                    Locale.ROOT,
                    "%nLargest min_relevance keeping R@%d within %.2f of its value at 0: **%.1f**.%n",
                    RelevanceAnalysis.RECALL_CUTOFF,
                    RelevanceAnalysis.RECALL_TOLERANCE,
                    calibration.largestWithinPoint()));
        }
        md.append("\nClusters whose relevance is below min_relevance are dropped from the answers of the pass and the"
                + " ranked turns rebuilt from those left, as for the recall measures (recall over the answerable"
                + " questions; \"left empty\": share of questions with no cluster left).\n");

        if (!result.closestUnanswerable().isEmpty()) {
            md.append("\n### Unanswerable questions that came closest\n\n");
            md.append("| question | group | top similarity | top relevance |\n|---|---|---|---|\n");
            for (RelevanceResult.Unanswered question : result.closestUnanswerable()) {
                md.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %.3f | %.3f |%n",
                        question.question().replace("|", "\\|"),
                        question.group(),
                        question.topSimilarity(),
                        question.topRelevance()));
            }
        }
        return md.toString();
    }

    /** The same numbers as JSON; NaN (not measurable) is written as null. */
    public static ObjectNode json(RelevanceResult result, ObjectMapper json) {
        ObjectNode node = json.createObjectNode();
        node.put("dataset", result.dataset());
        node.put("pass", result.pass());
        node.put("answerable_questions", result.answerableQuestions());
        node.put("unanswerable_questions", result.unanswerableQuestions());
        node.put("clusters", result.clusters());
        node.put("evidence_clusters", result.evidenceClusters());
        node.put("l2", LogisticCalibration.L2);
        if (result.fitted() != null) {
            node.set("fitted", parameters(result.fitted(), json));
        }
        if (result.serverReadBack() != null) {
            node.set("server_read_back", parameters(result.serverReadBack(), json));
        }
        ArrayNode calibrations = node.putArray("calibrations");
        for (RelevanceResult.Calibration calibration : result.calibrations()) {
            ObjectNode item = calibrations.addObject();
            item.put("name", calibration.name());
            if (calibration.parameters() != null) {
                item.put("slope", calibration.parameters().slope());
                item.put("intercept", calibration.parameters().intercept());
            }
            put(item, "brier", calibration.brier());
            put(item, "log_loss", calibration.logLoss());
            item.put("largest_min_relevance_within_tolerance", calibration.largestWithinPoint());
            item.put("recall_tolerance", RelevanceAnalysis.RECALL_TOLERANCE);
            ArrayNode rows = item.putArray("thresholds");
            for (RelevanceResult.ThresholdRow row : calibration.thresholds()) {
                ObjectNode r = rows.addObject();
                r.put("min_relevance", row.minRelevance());
                put(r, "recall@" + RelevanceAnalysis.RECALL_CUTOFF, row.recallAt10());
                put(r, "recall@" + RecallMetrics.WORD_BUDGET + "w", row.recallWithinWords());
                put(r, "answerable_left_empty", row.answerableLeftEmpty());
                put(r, "unanswerable_left_empty", row.unanswerableLeftEmpty());
                put(r, "clusters_kept", row.clustersKept());
            }
        }
        ArrayNode depths = node.putArray("fits_by_depth");
        for (RelevanceResult.DepthFit row : result.depthFits()) {
            ObjectNode d = depths.addObject()
                    .put("first_clusters", row.depth())
                    .put("clusters", row.clusters())
                    .put("evidence_clusters", row.evidenceClusters());
            if (row.fit() != null) {
                d.put("slope", row.fit().slope()).put("intercept", row.fit().intercept());
            }
        }
        RelevanceResult.Separation separation = result.separation();
        ObjectNode sep = node.putObject("separation");
        put(sep, "auc_top_relevance", separation.aucTopRelevance());
        put(sep, "auc_top_similarity", separation.aucTopSimilarity());
        put(sep, "mean_top_relevance_answerable", separation.meanTopRelevanceAnswerable());
        put(sep, "mean_top_relevance_unanswerable", separation.meanTopRelevanceUnanswerable());
        put(sep, "mean_top_similarity_answerable", separation.meanTopSimilarityAnswerable());
        put(sep, "mean_top_similarity_unanswerable", separation.meanTopSimilarityUnanswerable());
        ArrayNode groups = node.putArray("groups");
        for (RelevanceResult.GroupTop group : result.groups()) {
            ObjectNode g = groups.addObject()
                    .put("group", group.group())
                    .put("answerable", group.answerable())
                    .put("n", group.questions());
            put(g, "mean_top_similarity", group.meanTopSimilarity());
            put(g, "mean_top_relevance", group.meanTopRelevance());
        }
        ArrayNode closest = node.putArray("closest_unanswerable");
        for (RelevanceResult.Unanswered question : result.closestUnanswerable()) {
            closest.addObject()
                    .put("id", question.id())
                    .put("group", question.group())
                    .put("question", question.question())
                    .put("top_similarity", question.topSimilarity())
                    .put("top_relevance", question.topRelevance());
        }
        return node;
    }

    /** Everything the measurement was computed from, for {@code --relevance-pool}. */
    public static ObjectNode observationsJson(
            String runId, String dataset, String pass, List<RelevanceObservation> observations, ObjectMapper json) {
        ObjectNode root = json.createObjectNode();
        root.put("run_id", runId);
        root.put("dataset", dataset);
        root.put("pass", pass);
        ArrayNode items = root.putArray("observations");
        for (RelevanceObservation observation : observations) {
            ObjectNode item = items.addObject();
            item.put("id", observation.id());
            item.put("group", observation.group());
            item.put("question", observation.question());
            item.put("answerable", observation.answerable());
            observation.evidence().forEach(item.putArray("evidence")::add);
            ArrayNode clusters = item.putArray("clusters");
            for (RelevanceObservation.Cluster cluster : observation.clusters()) {
                ObjectNode c = clusters.addObject();
                c.put("similarity", cluster.similarity());
                c.put("relevance", cluster.relevance());
                c.put("evidence", cluster.holdsEvidence());
                cluster.turns().forEach(c.putArray("turns")::add);
            }
            ObjectNode words = item.putObject("words");
            observation.words().forEach(words::put);
        }
        return root;
    }

    /** The observations of a file {@link #observationsJson} wrote. */
    public static List<RelevanceObservation> readObservations(JsonNode root) {
        if (!root.path("observations").isArray()) {
            throw new IllegalArgumentException("not a relevance observations file (no \"observations\" list)");
        }
        List<RelevanceObservation> observations = new ArrayList<>();
        for (JsonNode item : root.path("observations")) {
            List<RelevanceObservation.Cluster> clusters = new ArrayList<>();
            for (JsonNode c : item.path("clusters")) {
                clusters.add(new RelevanceObservation.Cluster(
                        c.path("similarity").asDouble(),
                        c.path("relevance").asDouble(),
                        c.path("evidence").asBoolean(),
                        texts(c.path("turns"))));
            }
            Map<String, Integer> words = new LinkedHashMap<>();
            item.path("words")
                    .fields()
                    .forEachRemaining(e -> words.put(e.getKey(), e.getValue().asInt()));
            observations.add(new RelevanceObservation(
                    item.path("id").asText(),
                    item.path("group").asText(),
                    item.path("question").asText(),
                    item.path("answerable").asBoolean(),
                    texts(item.path("evidence")),
                    clusters,
                    words));
        }
        return observations;
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(text -> texts.add(text.asText()));
        return texts;
    }

    private static ObjectNode parameters(LogisticCalibration calibration, ObjectMapper json) {
        return json.createObjectNode().put("slope", calibration.slope()).put("intercept", calibration.intercept());
    }

    private static void put(ObjectNode node, String name, double value) {
        if (Double.isNaN(value)) {
            node.putNull(name);
        } else {
            node.put(name, value);
        }
    }

    private static String number(String format, double value) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, format, value);
    }
}
