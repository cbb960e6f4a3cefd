package dev.engram.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ApiKeyTokenTest {

    @Test
    void a_generated_key_parses_back_to_itself() {
        ApiKeyToken token = ApiKeyToken.generate();
        assertThat(ApiKeyToken.parse(token.text())).contains(token);
        assertThat(token.text()).startsWith("egk_").hasSize(64);
    }

    @Test
    void two_keys_differ() {
        assertThat(ApiKeyToken.generate().text())
                .isNotEqualTo(ApiKeyToken.generate().text());
    }

    @Test
    void anything_else_is_not_a_key() {
        String valid = ApiKeyToken.generate().text();
        assertThat(ApiKeyToken.parse(null)).isEmpty();
        assertThat(ApiKeyToken.parse("")).isEmpty();
        assertThat(ApiKeyToken.parse(valid + "x")).isEmpty();
        assertThat(ApiKeyToken.parse("xgk_" + valid.substring(4))).isEmpty();
        assertThat(ApiKeyToken.parse(valid.substring(0, 4) + "ABCDEF0123456789" + valid.substring(20)))
                .isEmpty();
        assertThat(ApiKeyToken.parse(valid.substring(0, 63) + "'")).isEmpty();
    }

    @Test
    void the_text_of_a_token_for_logs_hides_the_secret() {
        ApiKeyToken token = ApiKeyToken.generate();
        assertThat(token.toString()).doesNotContain(token.secret()).contains(token.id());
    }

    @Test
    void a_secret_matches_its_own_salted_hash_only() {
        byte[] salt = SecretHash.newSalt();
        byte[] hash = SecretHash.hash(salt, "secret");
        assertThat(SecretHash.matches(salt, "secret", hash)).isTrue();
        assertThat(SecretHash.matches(salt, "secreT", hash)).isFalse();
        assertThat(SecretHash.matches(SecretHash.newSalt(), "secret", hash)).isFalse();
    }
}
