package dev.engram.profile.model;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Stores {@link ProfileSource} as the lower-case code the schema's check constraint allows. */
@Converter
public class ProfileSourceConverter implements AttributeConverter<ProfileSource, String> {

    @Override
    public String convertToDatabaseColumn(ProfileSource source) {
        return source == null ? null : source.code();
    }

    @Override
    public ProfileSource convertToEntityAttribute(String code) {
        return code == null ? null : ProfileSource.fromCode(code);
    }
}
