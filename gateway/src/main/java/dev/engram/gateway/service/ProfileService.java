package dev.engram.gateway.service;

import dev.engram.gateway.client.ProfileClient;
import dev.engram.gateway.config.GatewayConfig;
import dev.engram.gateway.mapping.ProfileMapping;
import dev.engram.gateway.model.ProfileEntryInput;
import dev.engram.gateway.model.ProfileEntryView;
import dev.engram.gateway.model.ProfileView;
import dev.engram.gateway.model.PutProfileEntryResponse;
import dev.engram.gateway.model.SearchRequest;
import dev.engram.gateway.model.SearchWarning;
import dev.engram.gateway.validation.JsonPaths;
import dev.engram.gateway.validation.ProfileValidator;
import io.grpc.Status;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * The profile operations of the public API: what is known about the people in a user's memory, and manual
 * edits of it. Every request is validated in full before anything is sent downstream, then scoped to the
 * caller's project.
 */
@ApplicationScoped
public class ProfileService {

    private static final Logger LOG = Logger.getLogger(ProfileService.class);

    /** The profile part of a search answer: its entries, or why there are none. */
    public record SearchPart(List<ProfileEntryView> entries, SearchWarning warning) {}

    private final ProfileClient profiles;
    private final int searchLimit;

    public ProfileService(ProfileClient profiles, GatewayConfig config) {
        this.profiles = profiles;
        this.searchLimit = config.search().profileLimit();
    }

    public Uni<ProfileView> profile(String project, String userId, String at, String subject, String limit) {
        return profiles.getProfile(ProfileValidator.read(project, userId, at, subject, limit))
                .onFailure()
                .transform(JsonPaths.SCOPED::inApiTerms)
                .map(response -> ProfileMapping.fromProto(userId, response.getEntriesList()));
    }

    public Uni<ProfileView> history(String project, String userId, String subject, String tag, String feature) {
        return profiles.getHistory(ProfileValidator.history(project, userId, subject, tag, feature))
                .onFailure()
                .transform(JsonPaths.SCOPED::inApiTerms)
                .map(response -> ProfileMapping.fromProto(userId, response.getEntriesList()));
    }

    public Uni<PutProfileEntryResponse> put(String project, String userId, String entryId, ProfileEntryInput entry) {
        return profiles.putEntry(ProfileValidator.put(project, userId, entryId, entry))
                .onFailure()
                .transform(JsonPaths.PROFILE_ENTRY::inApiTerms)
                .map(ProfileMapping::fromProto);
    }

    /** An unknown entry is a NOT_FOUND from profile-service, which the API answers with 404. */
    public Uni<Void> delete(String project, String userId, String entryId) {
        return profiles.deleteEntry(ProfileValidator.delete(project, userId, entryId))
                .onFailure()
                .transform(JsonPaths.SCOPED::inApiTerms)
                .replaceWithVoid();
    }

    /**
     * The current entries that bear on an already validated search. Never fails: without the profile the search
     * still has its episodic answer, so a failure becomes a warning in it.
     */
    public Uni<SearchPart> forSearch(String project, SearchRequest search) {
        return profiles.getProfileForSearch(ProfileMapping.forSearch(project, search, searchLimit))
                .map(response -> new SearchPart(ProfileMapping.fromProto(response.getEntriesList()), null))
                .onFailure()
                .recoverWithItem(failure -> {
                    Status status = Status.fromThrowable(failure);
                    LOG.warnf("search answered without the profile: %s %s", status.getCode(), status.getDescription());
                    return new SearchPart(
                            null,
                            new SearchWarning(
                                    SearchWarning.PROFILE_UNAVAILABLE,
                                    "The profile could not be read in time; this answer holds no profile entries."));
                });
    }
}
