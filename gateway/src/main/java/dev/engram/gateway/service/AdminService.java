package dev.engram.gateway.service;

import dev.engram.gateway.config.AuthConfig;
import dev.engram.gateway.model.ApiKeyView;
import dev.engram.gateway.model.CreateApiKeyRequest;
import dev.engram.gateway.model.CreateProjectRequest;
import dev.engram.gateway.model.ProjectView;
import dev.engram.gateway.security.ApiKeyToken;
import dev.engram.gateway.security.Caller;
import dev.engram.gateway.security.Scope;
import dev.engram.gateway.security.SecretHash;
import dev.engram.gateway.store.ApiKeyRepository;
import dev.engram.gateway.store.ProjectRepository;
import dev.engram.gateway.store.StoredKey;
import dev.engram.gateway.store.StoredProject;
import dev.engram.gateway.validation.AdminValidator;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Projects and their API keys. The bootstrap key manages every project; a project's key with the {@code admin}
 * scope manages that project's keys only. A key's secret appears once, in the answer that creates it.
 */
@ApplicationScoped
public class AdminService {

    private static final Logger LOG = Logger.getLogger(AdminService.class);

    private final ProjectRepository projects;
    private final ApiKeyRepository keys;
    private final boolean authEnabled;

    public AdminService(ProjectRepository projects, ApiKeyRepository keys, AuthConfig config) {
        this.projects = projects;
        this.keys = keys;
        this.authEnabled = config.enabled();
    }

    public Uni<ProjectView> createProject(Caller caller, CreateProjectRequest request) {
        requireAuthentication();
        AdminValidator.validateProject(request);
        requireSuperAdmin(caller);
        String name = request.name() == null ? request.id() : request.name();
        return projects.insert(request.id(), name)
                .map(created -> created.map(AdminService::view)
                        .orElseThrow(() -> RequestRefusedException.conflict(
                                "A project with id '" + request.id() + "' exists already.")));
    }

    public Uni<List<ProjectView>> listProjects(Caller caller) {
        requireAuthentication();
        requireSuperAdmin(caller);
        return projects.list().map(all -> all.stream().map(AdminService::view).toList());
    }

    public Uni<ApiKeyView> createKey(Caller caller, String project, CreateApiKeyRequest request) {
        requireAuthentication();
        AdminValidator.validateKey(project, request);
        requireAdministers(caller, project);
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        request.scopes().forEach(name -> scopes.add(Scope.fromWireName(name).orElseThrow()));
        ApiKeyToken token = ApiKeyToken.generate();
        byte[] salt = SecretHash.newSalt();
        String name = request.name() == null ? token.id() : request.name();
        StoredKey key = new StoredKey(
                token.id(), project, name, scopes, salt, SecretHash.hash(salt, token.secret()), null, null);
        return existingProject(project)
                .chain(() -> keys.insert(key))
                .invoke(stored ->
                        LOG.infof("API key %s created for project %s by %s", stored.id(), project, caller.keyId()))
                .map(stored -> view(stored, token.text()));
    }

    public Uni<List<ApiKeyView>> listKeys(Caller caller, String project) {
        requireAuthentication();
        AdminValidator.validateProjectId("project_id", project, true);
        requireAdministers(caller, project);
        return existingProject(project)
                .chain(() -> keys.listByProject(project))
                .map(all -> all.stream().map(key -> view(key, null)).toList());
    }

    public Uni<Void> revokeKey(Caller caller, String project, String keyId) {
        requireAuthentication();
        AdminValidator.validateKeyId(project, keyId);
        requireAdministers(caller, project);
        return keys.revoke(project, keyId).map(revoked -> {
            if (!revoked) {
                throw RequestRefusedException.notFound("Project '" + project + "' has no key '" + keyId + "'.");
            }
            LOG.infof("API key %s of project %s revoked by %s", keyId, project, caller.keyId());
            return null;
        });
    }

    private Uni<StoredProject> existingProject(String project) {
        return projects.find(project)
                .map(found -> found.orElseThrow(
                        () -> RequestRefusedException.notFound("There is no project '" + project + "'.")));
    }

    private void requireAuthentication() {
        if (!authEnabled) {
            throw RequestRefusedException.notFound(
                    "Authentication is off (engram.auth.enabled=false): there are no projects or keys to manage.");
        }
    }

    private static void requireSuperAdmin(Caller caller) {
        if (!caller.superAdmin()) {
            throw RequestRefusedException.forbidden("Only the bootstrap admin key manages projects.");
        }
    }

    static void requireAdministers(Caller caller, String project) {
        if (!caller.administers(project)) {
            throw RequestRefusedException.forbidden("This key may not administer project '" + project + "'.");
        }
    }

    private static ProjectView view(StoredProject project) {
        return new ProjectView(project.id(), project.name(), text(project.createdAt()));
    }

    private static ApiKeyView view(StoredKey key, String secretText) {
        List<String> scopes = key.scopes().stream().map(Scope::wireName).toList();
        return new ApiKeyView(
                key.id(), key.project(), key.name(), scopes, text(key.createdAt()), text(key.revokedAt()), secretText);
    }

    private static String text(OffsetDateTime time) {
        return time == null ? null : time.toInstant().toString();
    }
}
