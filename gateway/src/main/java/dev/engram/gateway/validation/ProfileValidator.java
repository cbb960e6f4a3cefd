package dev.engram.gateway.validation;

import dev.engram.gateway.config.GatewayConfig;
import dev.engram.gateway.model.ProfileEntryInput;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/**
 * Checks the requests of the profile endpoints in full before profile-service sees them, with the same rules
 * as the other endpoints (ids, texts that can be stored verbatim) and limits no looser than profile-service's.
 */
@ApplicationScoped
public class ProfileValidator {

    /** profile-service answers at most this many entries per read. */
    static final int MAX_LIMIT = 1000;

    private final GatewayConfig.Limits limits;

    public ProfileValidator(GatewayConfig config) {
        this.limits = config.limits();
    }

    /**
     * A valid read of a profile, parsed.
     *
     * @param at null for the current profile
     * @param limit 0 for every entry
     */
    public record Read(Instant at, String subject, int limit) {}

    public Read validateRead(String userId, String at, String subject, String limit) {
        FieldErrors errors = new FieldErrors();
        errors.id("user_id", userId, true);
        Instant pointInTime = errors.pointInTime("at", at).orElse(null);
        errors.optionalText("subject", subject, limits.maxProfileLabelChars());
        int parsedLimit = errors.integer("limit", limit, 1, MAX_LIMIT).orElse(0);
        errors.throwIfAny();
        return new Read(pointInTime, subject, parsedLimit);
    }

    public void validateHistory(String userId, String subject, String tag, String feature) {
        FieldErrors errors = new FieldErrors();
        errors.id("user_id", userId, true);
        errors.optionalText("subject", subject, limits.maxProfileLabelChars());
        errors.optionalText("tag", tag, limits.maxProfileLabelChars());
        errors.optionalText("feature", feature, limits.maxProfileLabelChars());
        errors.throwIfAny();
    }

    public void validatePut(String userId, String entryId, ProfileEntryInput entry) {
        FieldErrors errors = new FieldErrors();
        errors.id("user_id", userId, true);
        errors.uuid("entry_id", entryId);
        if (entry == null) {
            errors.add("body", "a JSON object is required");
            errors.throwIfAny();
        }
        requiredLabel("subject", entry.subject(), errors);
        errors.optionalText("category", entry.category(), limits.maxProfileLabelChars());
        requiredLabel("tag", entry.tag(), errors);
        requiredLabel("feature", entry.feature(), errors);
        errors.text("value", entry.value(), chars(entry.value()), limits.maxProfileValueChars(), "characters");
        errors.storableTimestamp("valid_from", entry.validFrom());
        validateEvidence(entry.evidence(), errors);
        validateConfidence(entry.confidence(), errors);
        errors.throwIfAny();
    }

    public void validateDelete(String userId, String entryId) {
        FieldErrors errors = new FieldErrors();
        errors.id("user_id", userId, true);
        errors.uuid("entry_id", entryId);
        errors.throwIfAny();
    }

    private void requiredLabel(String field, String value, FieldErrors errors) {
        errors.text(field, value, chars(value), limits.maxProfileLabelChars(), "characters");
    }

    private void validateEvidence(List<String> evidence, FieldErrors errors) {
        if (evidence == null) {
            return;
        }
        if (evidence.size() > limits.maxProfileEvidence()) {
            errors.add(
                    "evidence",
                    "must hold at most " + limits.maxProfileEvidence() + " episode ids (was " + evidence.size() + ")");
            return;
        }
        for (int i = 0; i < evidence.size(); i++) {
            String field = "evidence[" + i + "]";
            if (errors.present(field, evidence.get(i))) {
                errors.id(field, evidence.get(i), true);
            }
        }
    }

    /**
     * Protobuf cannot tell a confidence of 0 from none at all, so profile-service would store 0 as 1; the same
     * holds for a number too small to survive the conversion to a float.
     */
    private static void validateConfidence(Double confidence, FieldErrors errors) {
        if (confidence != null && !(confidence.floatValue() > 0 && confidence <= 1)) {
            errors.add("confidence", "must be greater than 0 and at most 1");
        }
    }

    private static long chars(String value) {
        return value == null ? 0 : value.codePointCount(0, value.length());
    }
}
