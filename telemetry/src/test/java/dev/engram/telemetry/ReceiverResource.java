package dev.engram.telemetry;

import dev.engram.testing.OtlpReceiver;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/** A local OTLP receiver, and the configuration that exports to it. */
public class ReceiverResource implements QuarkusTestResourceLifecycleManager {

    private OtlpReceiver receiver;

    @Override
    public Map<String, String> start() {
        receiver = OtlpReceiver.start();
        return Map.of(
                "quarkus.otel.exporter.otlp.traces.endpoint",
                receiver.endpoint(),
                "quarkus.otel.exporter.otlp.traces.protocol",
                "http/protobuf");
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(receiver, new TestInjector.MatchesType(OtlpReceiver.class));
    }

    @Override
    public void stop() {
        receiver.close();
    }
}
