package dev.engram.retrieval.rerank.crossencoder;

import com.google.protobuf.CodedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A cross-encoder small enough to write out in a test, with the inputs and output of a real one
 * (BERT-style {@code input_ids}, {@code attention_mask}, {@code token_type_ids} in; a
 * {@code [batch, 1]} float logit out) and a WordPiece tokenizer. Its relevance judgement is simple
 * on purpose: the logit of a pair is how often the word {@code paris} occurs in the passage — the
 * second segment — among the tokens the model attends to. The model is ONNX protobuf written field
 * by field, so no model file has to be shipped or downloaded.
 */
final class TinyCrossEncoder {

    static final List<String> VOCABULARY = List.of(
            "[PAD]",
            "[UNK]",
            "[CLS]",
            "[SEP]",
            "paris",
            "where",
            "is",
            "the",
            "city",
            "of",
            "light",
            "i",
            "went",
            "to",
            "lyon",
            "and",
            "again",
            ":",
            ",",
            "caroline",
            "melanie");
    private static final long KEYWORD = VOCABULARY.indexOf("paris");

    // ONNX TensorProto.DataType and AttributeProto.AttributeType values.
    private static final int FLOAT = 1;
    private static final int INT64 = 7;
    private static final int ATTRIBUTE_INT = 2;
    private static final int ATTRIBUTE_INTS = 7;

    private TinyCrossEncoder() {}

    /** Writes {@code model.onnx} and {@code tokenizer.json} into the directory; returns the model. */
    static Path writeTo(Path directory) throws IOException {
        Path model = directory.resolve("model.onnx");
        Files.write(model, model());
        Files.writeString(directory.resolve("tokenizer.json"), tokenizer());
        return model;
    }

    private static byte[] model() {
        byte[] graph = message(out -> {
            out.writeByteArray(1, node("Equal", List.of("input_ids", "keyword"), "hit", new byte[0]));
            out.writeByteArray(1, node("Cast", List.of("hit"), "hit_int", attribute("to", ATTRIBUTE_INT, INT64)));
            out.writeByteArray(1, node("Mul", List.of("hit_int", "token_type_ids"), "in_passage", new byte[0]));
            out.writeByteArray(1, node("Mul", List.of("in_passage", "attention_mask"), "counted", new byte[0]));
            out.writeByteArray(
                    1, node("Cast", List.of("counted"), "counted_float", attribute("to", ATTRIBUTE_INT, FLOAT)));
            out.writeByteArray(1, node("ReduceSum", List.of("counted_float"), "logits", reduceOverTokens()));
            out.writeString(2, "tiny-cross-encoder");
            out.writeByteArray(5, message(tensor -> {
                tensor.writeInt32(2, INT64);
                tensor.writeInt64(7, KEYWORD);
                tensor.writeString(8, "keyword");
            }));
            out.writeByteArray(11, valueInfo("input_ids", INT64, "batch", "sequence"));
            out.writeByteArray(11, valueInfo("attention_mask", INT64, "batch", "sequence"));
            out.writeByteArray(11, valueInfo("token_type_ids", INT64, "batch", "sequence"));
            out.writeByteArray(12, valueInfo("logits", FLOAT, "batch", null));
        });
        return message(out -> {
            out.writeInt64(1, 6); // IR version of opset 11
            out.writeString(2, "engram-test");
            out.writeByteArray(7, graph);
            out.writeByteArray(8, message(opset -> {
                opset.writeString(1, "");
                opset.writeInt64(2, 11);
            }));
        });
    }

    private static byte[] node(String op, List<String> inputs, String output, byte[] attribute) {
        return message(out -> {
            for (String input : inputs) {
                out.writeString(1, input);
            }
            out.writeString(2, output);
            out.writeString(3, output);
            out.writeString(4, op);
            if (attribute.length > 0) {
                out.writeByteArray(5, attribute);
            }
        });
    }

    private static byte[] attribute(String name, int type, long value) {
        return message(out -> {
            out.writeString(1, name);
            out.writeInt64(3, value);
            out.writeInt32(20, type);
        });
    }

    /** ReduceSum over axis 1 keeping it: one logit per pair, shaped {@code [batch, 1]}. */
    private static byte[] reduceOverTokens() {
        return message(out -> {
            out.writeString(1, "axes");
            out.writeInt64(8, 1);
            out.writeInt32(20, ATTRIBUTE_INTS);
        });
    }

    /** A tensor input or output; a null second dimension means a fixed size of 1. */
    private static byte[] valueInfo(String name, int elementType, String first, String second) {
        byte[] shape = message(out -> {
            out.writeByteArray(1, message(dim -> dim.writeString(2, first)));
            out.writeByteArray(1, message(dim -> {
                if (second == null) {
                    dim.writeInt64(1, 1);
                } else {
                    dim.writeString(2, second);
                }
            }));
        });
        byte[] tensorType = message(out -> {
            out.writeInt32(1, elementType);
            out.writeByteArray(2, shape);
        });
        return message(out -> {
            out.writeString(1, name);
            out.writeByteArray(2, message(type -> type.writeByteArray(1, tensorType)));
        });
    }

    private static String tokenizer() {
        StringBuilder vocabulary = new StringBuilder();
        for (int i = 0; i < VOCABULARY.size(); i++) {
            vocabulary
                    .append(i == 0 ? "" : ",")
                    .append('"')
                    .append(VOCABULARY.get(i))
                    .append("\":")
                    .append(i);
        }
        return """
                {
                  "version": "1.0",
                  "truncation": null,
                  "padding": null,
                  "added_tokens": [
                    {"id": 0, "content": "[PAD]", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true},
                    {"id": 1, "content": "[UNK]", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true},
                    {"id": 2, "content": "[CLS]", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true},
                    {"id": 3, "content": "[SEP]", "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true}
                  ],
                  "normalizer": {"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true, "strip_accents": null, "lowercase": true},
                  "pre_tokenizer": {"type": "BertPreTokenizer"},
                  "post_processor": {"type": "BertProcessing", "sep": ["[SEP]", 3], "cls": ["[CLS]", 2]},
                  "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": true},
                  "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##", "max_input_chars_per_word": 100, "vocab": {%s}}
                }
                """.formatted(vocabulary);
    }

    private interface Writer {
        void write(CodedOutputStream out) throws IOException;
    }

    private static byte[] message(Writer writer) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            CodedOutputStream out = CodedOutputStream.newInstance(bytes);
            writer.write(out);
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
