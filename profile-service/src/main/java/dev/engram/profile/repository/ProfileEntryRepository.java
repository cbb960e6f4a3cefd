package dev.engram.profile.repository;

import dev.engram.profile.model.ProfileEntry;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/** Reads and writes {@link ProfileEntry} rows in the {@code profile} schema. */
@ApplicationScoped
public class ProfileEntryRepository implements PanacheRepositoryBase<ProfileEntry, UUID> {}
