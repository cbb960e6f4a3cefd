package dev.engram.vector.store.qdrant;

import io.qdrant.client.QdrantClient;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.IntegerIndexParams;
import io.qdrant.client.grpc.Collections.KeywordIndexParams;
import io.qdrant.client.grpc.Collections.Modifier;
import io.qdrant.client.grpc.Collections.PayloadIndexParams;
import io.qdrant.client.grpc.Collections.SparseVectorConfig;
import io.qdrant.client.grpc.Collections.SparseVectorParams;
import io.qdrant.client.grpc.Collections.VectorParams;
import io.qdrant.client.grpc.Collections.VectorParamsMap;
import io.qdrant.client.grpc.Collections.VectorsConfig;
import io.qdrant.client.grpc.Points.CreateFieldIndexCollection;
import io.qdrant.client.grpc.Points.FieldType;
import io.quarkus.logging.Log;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The collection of one embedding model: a named dense vector compared by cosine, a named sparse vector
 * for the text of turns with Qdrant's IDF modifier, and payload indexes for every filtered field.
 * Creating it is idempotent, so every replica of the service may try at start.
 */
final class QdrantSchema {

    static final String DENSE = "dense";
    static final String SPARSE = "text";

    private static final List<String> KEYWORD_FIELDS = List.of(
            QdrantPoints.AGENT_ID,
            QdrantPoints.SESSION_ID,
            QdrantPoints.EPISODE_ID,
            QdrantPoints.EPISODE_KEY,
            QdrantPoints.PRODUCER,
            QdrantPoints.KIND,
            QdrantPoints.METADATA);
    /** Each read is confined to one project and one user: Qdrant co-locates a tenant's points by these. */
    private static final List<String> TENANT_FIELDS = List.of(QdrantPoints.PROJECT, QdrantPoints.USER_ID);

    private QdrantSchema() {}

    static CreateCollection collection(QdrantSettings settings) {
        return CreateCollection.newBuilder()
                .setCollectionName(settings.collection())
                .setVectorsConfig(VectorsConfig.newBuilder()
                        .setParamsMap(VectorParamsMap.newBuilder()
                                .putMap(
                                        DENSE,
                                        VectorParams.newBuilder()
                                                .setSize(settings.dimension())
                                                .setDistance(Distance.Cosine)
                                                .build())))
                .setSparseVectorsConfig(SparseVectorConfig.newBuilder()
                        .putMap(
                                SPARSE,
                                SparseVectorParams.newBuilder()
                                        .setModifier(Modifier.Idf)
                                        .build()))
                .setTimeout(settings.timeoutSeconds())
                .build();
    }

    /** Field name -> its index request, tenant fields first. */
    static Map<String, CreateFieldIndexCollection> payloadIndexes(QdrantSettings settings) {
        Map<String, CreateFieldIndexCollection> indexes = new LinkedHashMap<>();
        for (String field : TENANT_FIELDS) {
            indexes.put(field, index(settings, field, FieldType.FieldTypeKeyword, keyword(true)));
        }
        for (String field : KEYWORD_FIELDS) {
            indexes.put(field, index(settings, field, FieldType.FieldTypeKeyword, keyword(false)));
        }
        PayloadIndexParams range = PayloadIndexParams.newBuilder()
                .setIntegerIndexParams(
                        IntegerIndexParams.newBuilder().setLookup(false).setRange(true))
                .build();
        indexes.put(
                QdrantPoints.TIMESTAMP_MICROS,
                index(settings, QdrantPoints.TIMESTAMP_MICROS, FieldType.FieldTypeInteger, range));
        return indexes;
    }

    /** Creates the collection unless it exists, then every payload index (Qdrant keeps an existing one). */
    static void ensure(QdrantClient client, QdrantCalls calls, QdrantSettings settings) {
        String name = settings.collection();
        if (!calls.call("collection exists", timeout -> client.collectionExistsAsync(name, timeout))) {
            try {
                calls.call("create collection", timeout -> client.createCollectionAsync(collection(settings), timeout));
                Log.infof("Created the Qdrant collection %s (dimension %d)", name, settings.dimension());
            } catch (IllegalStateException rejected) {
                // Another replica may have created it meanwhile; anything else is still a failure.
                if (!calls.call("collection exists", timeout -> client.collectionExistsAsync(name, timeout))) {
                    throw rejected;
                }
            }
        }
        payloadIndexes(settings)
                .forEach((field, request) -> calls.call(
                        "create payload index " + field, timeout -> client.createPayloadIndexAsync(request, timeout)));
    }

    private static CreateFieldIndexCollection index(
            QdrantSettings settings, String field, FieldType type, PayloadIndexParams params) {
        return CreateFieldIndexCollection.newBuilder()
                .setCollectionName(settings.collection())
                .setFieldName(field)
                .setFieldType(type)
                .setFieldIndexParams(params)
                .setWait(true)
                .setTimeout(settings.timeoutSeconds())
                .build();
    }

    private static PayloadIndexParams keyword(boolean tenant) {
        return PayloadIndexParams.newBuilder()
                .setKeywordIndexParams(KeywordIndexParams.newBuilder().setIsTenant(tenant))
                .build();
    }
}
