package dev.engram.k8s;

import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import java.util.List;
import java.util.Map;

/** Kubernetes label-selector matching, so that rules can ask which pods a selector really picks. */
final class LabelSelectors {

    private LabelSelectors() {}

    static boolean matches(LabelSelector selector, Map<String, String> labels) {
        if (selector == null) {
            return false;
        }
        Map<String, String> required = selector.getMatchLabels() == null ? Map.of() : selector.getMatchLabels();
        for (Map.Entry<String, String> entry : required.entrySet()) {
            if (!entry.getValue().equals(labels.get(entry.getKey()))) {
                return false;
            }
        }
        List<LabelSelectorRequirement> expressions =
                selector.getMatchExpressions() == null ? List.of() : selector.getMatchExpressions();
        for (LabelSelectorRequirement requirement : expressions) {
            String value = labels.get(requirement.getKey());
            List<String> values = requirement.getValues() == null ? List.of() : requirement.getValues();
            boolean ok = switch (requirement.getOperator()) {
                case "In" -> value != null && values.contains(value);
                case "NotIn" -> value == null || !values.contains(value);
                case "Exists" -> value != null;
                case "DoesNotExist" -> value == null;
                default -> throw new IllegalArgumentException("operator " + requirement.getOperator());
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** A selector with neither labels nor expressions selects everything; rules treat it as "any". */
    static boolean isEmpty(LabelSelector selector) {
        return selector != null
                && (selector.getMatchLabels() == null
                        || selector.getMatchLabels().isEmpty())
                && (selector.getMatchExpressions() == null
                        || selector.getMatchExpressions().isEmpty());
    }
}
