package dev.engram.profile.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.engram.launcher.postgres.PostgresTestResource;
import dev.engram.proto.v1.GetProfileRequest;
import dev.engram.proto.v1.ObserveRequest;
import dev.engram.proto.v1.ProfileServiceGrpc;
import dev.engram.proto.v1.ProfileServiceGrpc.ProfileServiceBlockingStub;
import dev.engram.proto.v1.Scope;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(PostgresTestResource.class)
class ProfileGrpcServiceTest {

    @TestHTTPResource
    URL url;

    private ManagedChannel channel;
    private ProfileServiceBlockingStub profile;

    @BeforeEach
    void connect() {
        channel = ManagedChannelBuilder.forAddress(url.getHost(), url.getPort())
                .usePlaintext()
                .build();
        profile = ProfileServiceGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void observe_is_not_implemented_yet() {
        StatusRuntimeException failure = catchThrowableOfType(
                StatusRuntimeException.class, () -> profile.observe(ObserveRequest.getDefaultInstance()));

        assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
        assertThat(failure.getStatus().getDescription()).contains("later version");
    }

    @Test
    void get_profile_is_not_implemented_yet() {
        GetProfileRequest request = GetProfileRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject("default").setUserId("caroline"))
                .build();

        StatusRuntimeException failure =
                catchThrowableOfType(StatusRuntimeException.class, () -> profile.getProfile(request));

        assertThat(failure.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED);
        assertThat(failure.getStatus().getDescription()).contains("later version");
    }
}
