package dev.engram.gateway.validation;

import dev.engram.gateway.config.GatewayConfig;
import dev.engram.gateway.model.AddMemoriesRequest;
import dev.engram.gateway.model.EpisodeInput;
import dev.engram.gateway.model.ExpandContext;
import dev.engram.gateway.model.SearchFilterInput;
import dev.engram.gateway.model.SearchRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The gateway is the first line of defence: a request that passes here is complete and well-formed, so
 * downstream services never receive half-valid batches and nothing is half-written.
 */
@ApplicationScoped
public class RequestValidator {

    private static final Set<String> INCLUDES = Set.of("episodic", "short_term", "profile");
    private static final int MAX_RERANKERS = 8;
    // Which names exist is the retrieval service's to say; the gateway only keeps out junk.
    private static final Pattern RERANKER_NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    /** Strategies of the API that a later version of the retrieval service will implement. */
    /** Cursors are short base64url tokens made by ingest-service. */
    private static final Pattern CURSOR = Pattern.compile("[A-Za-z0-9_=-]{1,512}");

    private static final int DEFAULT_PAGE = 100;
    private static final int MAX_PAGE = 1000;
    private static final Set<String> PLANNED_MODES = Set.of("split", "chain");

    private final GatewayConfig.Limits limits;
    private final FieldErrors.MapLimits metadataLimits;
    private final List<String> supportedModes;

    public RequestValidator(GatewayConfig config) {
        this.limits = config.limits();
        this.metadataLimits = new FieldErrors.MapLimits(
                limits.maxMetadataEntries(), limits.maxMetadataKeyChars(), limits.maxMetadataValueChars());
        this.supportedModes = List.copyOf(config.search().supportedModes());
    }

    /** The errors of a request, failing at once when there is no body to look into. */
    private static FieldErrors forBody(Object body) {
        FieldErrors errors = new FieldErrors();
        if (body == null) {
            errors.add("body", "a JSON object is required");
            errors.throwIfAny();
        }
        return errors;
    }

    public void validateAdd(AddMemoriesRequest request) {
        FieldErrors errors = forBody(request);
        errors.id("user_id", request.userId(), true);
        errors.id("agent_id", request.agentId(), false);
        errors.sessionId("session_id", request.sessionId(), true);
        List<EpisodeInput> episodes = request.episodes();
        if (episodes == null) {
            errors.add("episodes", "is required");
        } else if (episodes.isEmpty()) {
            errors.add("episodes", "must hold at least one episode");
        } else if (episodes.size() > limits.maxEpisodes()) {
            errors.add(
                    "episodes",
                    "must hold at most " + limits.maxEpisodes() + " episodes (was " + episodes.size() + ")");
        } else {
            for (int i = 0; i < episodes.size(); i++) {
                validateEpisode("episodes[" + i + "]", episodes.get(i), errors);
            }
        }
        errors.throwIfAny();
    }

    private void validateEpisode(String path, EpisodeInput episode, FieldErrors errors) {
        if (episode == null) {
            errors.add(path, "must be an episode object");
            return;
        }
        errors.id(path + ".id", episode.id(), false);
        errors.label(path + ".producer", episode.producer(), limits.maxLabelChars());
        errors.label(path + ".produced_for", episode.producedFor(), limits.maxLabelChars());
        errors.label(path + ".role", episode.role(), limits.maxLabelChars());
        errors.text(
                path + ".content",
                episode.content(),
                Texts.utf8Length(episode.content()),
                limits.maxContentBytes(),
                "UTF-8 bytes");
        errors.storableTimestamp(path + ".timestamp", episode.timestamp());
        errors.stringMap(path + ".metadata", episode.metadata(), metadataLimits);
    }

    public void validateSearch(SearchRequest request) {
        FieldErrors errors = forBody(request);
        errors.id("user_id", request.userId(), true);
        errors.id("agent_id", request.agentId(), false);
        errors.sessionId("session_id", request.sessionId(), false);
        String query = request.query();
        long queryChars = query == null ? 0 : query.codePointCount(0, query.length());
        errors.text("query", query, queryChars, limits.maxQueryChars(), "characters");
        errors.range("top_k", request.topK(), 1, 100);
        validateMode(request.mode(), errors);
        ExpandContext expand = request.expandContext();
        if (expand != null) {
            errors.range("expand_context.before", expand.before(), 0, 10);
            errors.range("expand_context.after", expand.after(), 0, 10);
            if (expand.neighbours() != null && !ExpandContext.NEIGHBOURS.contains(expand.neighbours())) {
                errors.add(
                        "expand_context.neighbours", "must be one of " + String.join(", ", ExpandContext.NEIGHBOURS));
            }
        }
        errors.range("max_context_tokens", request.maxContextTokens(), 1, 32000);
        List<String> include = request.include();
        if (include != null) {
            for (int i = 0; i < include.size(); i++) {
                String field = "include[" + i + "]";
                if (errors.present(field, include.get(i)) && !INCLUDES.contains(include.get(i))) {
                    errors.add(field, "must be one of episodic, short_term, profile");
                }
            }
        }
        List<String> rerankers = request.rerankers();
        if (rerankers != null) {
            errors.range("rerankers", rerankers.size(), 0, MAX_RERANKERS);
            for (int i = 0; i < rerankers.size(); i++) {
                String field = "rerankers[" + i + "]";
                if (errors.present(field, rerankers.get(i))
                        && !RERANKER_NAME.matcher(rerankers.get(i)).matches()) {
                    errors.add(field, "must be a reranker name (lower-case letters, digits and '-')");
                }
            }
        }
        if (request.filter() != null) {
            validateFilter(request.filter(), errors);
        }
        errors.throwIfAny();
    }

    private void validateMode(String mode, FieldErrors errors) {
        if (mode == null || supportedModes.contains(mode)) {
            return;
        }
        String supported = String.join(", ", supportedModes);
        if (PLANNED_MODES.contains(mode)) {
            errors.add("mode", "'" + mode + "' is not available in this version; supported modes: " + supported);
        } else {
            errors.add("mode", "unknown mode '" + mode + "'; supported modes: " + supported);
        }
    }

    private void validateFilter(SearchFilterInput filter, FieldErrors errors) {
        List<String> sessionIds = filter.sessionIds();
        if (sessionIds != null) {
            for (int i = 0; i < sessionIds.size(); i++) {
                String field = "filter.session_ids[" + i + "]";
                if (errors.present(field, sessionIds.get(i))) {
                    errors.sessionId(field, sessionIds.get(i), true);
                }
            }
        }
        List<String> producers = filter.producers();
        if (producers != null) {
            for (int i = 0; i < producers.size(); i++) {
                String field = "filter.producers[" + i + "]";
                String producer = producers.get(i);
                if (!errors.present(field, producer)) {
                    continue;
                }
                if (producer.isBlank()) {
                    errors.add(field, "must not be empty");
                } else {
                    errors.label(field, producer, limits.maxLabelChars());
                }
            }
        }
        Optional<OffsetDateTime> from = errors.timestamp("filter.from", filter.from());
        Optional<OffsetDateTime> to = errors.timestamp("filter.to", filter.to());
        if (from.isPresent() && to.isPresent() && from.get().isAfter(to.get())) {
            errors.add("filter.from", "must not be after filter.to");
        }
        errors.stringMap("filter.metadata", filter.metadata(), metadataLimits);
    }

    public void validateStatus(String userId) {
        FieldErrors errors = new FieldErrors();
        errors.id("user_id", userId, true);
        errors.throwIfAny();
    }

    public void validateShortTerm(String sessionId, String userId, String agentId) {
        FieldErrors errors = new FieldErrors();
        errors.sessionId("session_id", sessionId, true);
        errors.id("user_id", userId, true);
        errors.id("agent_id", agentId, false);
        errors.throwIfAny();
    }

    public void validateEpisodeRead(String userId, String episodeId) {
        FieldErrors errors = new FieldErrors();
        errors.id("user_id", userId, true);
        errors.id("episode_id", episodeId, true);
        errors.throwIfAny();
    }

    /** The page size, 1 to 1000, default 100; the cursor is opaque here and checked by ingest-service. */
    public int validateListing(String userId, String sessionId, String agentId, String cursor, String limit) {
        FieldErrors errors = new FieldErrors();
        errors.id("user_id", userId, true);
        errors.sessionId("session_id", sessionId, false);
        errors.id("agent_id", agentId, false);
        if (cursor != null && (cursor.isEmpty() || !CURSOR.matcher(cursor).matches())) {
            errors.add("cursor", "must be a next_cursor from a previous page");
        }
        Optional<Integer> pageSize = errors.integer("limit", limit, 1, MAX_PAGE);
        errors.throwIfAny();
        return pageSize.orElse(DEFAULT_PAGE);
    }

    public void validateDeletion(String userId, String sessionId, String episodeId) {
        FieldErrors errors = new FieldErrors();
        errors.id("user_id", userId, true);
        errors.sessionId("session_id", sessionId, false);
        errors.id("episode_id", episodeId, false);
        errors.throwIfAny();
    }

    public void validateDeletionId(String deletionId) {
        FieldErrors errors = new FieldErrors();
        errors.id("deletion_id", deletionId, true);
        errors.throwIfAny();
    }
}
