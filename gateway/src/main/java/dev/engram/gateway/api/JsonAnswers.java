package dev.engram.gateway.api;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * The API speaks JSON only: answers are {@code application/json}, problems {@code application/problem+json}.
 * Generated clients put the first media type a document lists in {@code Accept}, often
 * {@code application/problem+json} alone, and would get {@code 406} for every call if the header were
 * negotiated. HTTP lets a server that has one representation disregard {@code Accept}, so the gateway does,
 * for its API resources only (the OpenAPI document and metrics keep their own negotiation).
 */
public class JsonAnswers {

    @ServerRequestFilter(preMatching = true)
    public void answerInJson(ContainerRequestContext request) {
        request.getHeaders().putSingle(HttpHeaders.ACCEPT, MediaType.APPLICATION_JSON);
    }
}
