package dev.engram.telemetry;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.quarkus.arc.lookup.LookupIfProperty;
import io.quarkus.opentelemetry.runtime.config.runtime.exporter.OtlpExporterRuntimeConfig;
import jakarta.inject.Singleton;
import java.util.Collection;

/**
 * Where finished spans go while no OTLP endpoint is configured: nowhere. Tracing itself stays on (trace ids in
 * response headers and log lines, the context passed on with every gRPC call); only the export is off, so a
 * service without a collector neither connects to Quarkus' default endpoint nor logs failed exports every few
 * seconds.
 *
 * <p>Quarkus builds its OTLP exporter only when no other exporter bean is found. This bean is found only while
 * the traces endpoint ({@code quarkus.otel.exporter.otlp.traces.endpoint}, which falls back to {@code
 * quarkus.otel.exporter.otlp.endpoint}) still has Quarkus' default value; any other endpoint turns export on. A
 * collector on the same host is therefore written {@code http://127.0.0.1:4317}, not with the default's {@code
 * localhost}.
 */
@Singleton
@LookupIfProperty(name = UnexportedSpans.TRACES_ENDPOINT, stringValue = OtlpExporterRuntimeConfig.DEFAULT_GRPC_BASE_URI)
public class UnexportedSpans implements SpanExporter {

    static final String TRACES_ENDPOINT = "quarkus.otel.exporter.otlp.traces.endpoint";

    @Override
    public CompletableResultCode export(Collection<SpanData> spans) {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
    }
}
