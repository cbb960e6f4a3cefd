package dev.engram.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The synthetic LoCoMo-format file of the tests: two short conversations with messy evidence. */
final class Fixture {

    private Fixture() {}

    static LocomoDataset dataset() {
        try (InputStream in = Fixture.class.getResourceAsStream("/locomo-fixture.json")) {
            return LocomoDataset.parse(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
