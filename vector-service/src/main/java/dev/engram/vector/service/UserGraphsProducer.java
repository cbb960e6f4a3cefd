package dev.engram.vector.service;

import dev.engram.vector.config.VectorConfig;
import dev.engram.vector.graph.GraphSettings;
import dev.engram.vector.graph.UserGraphs;
import dev.engram.vector.reconstruct.ReconstructSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The graph settings and the held graphs, from the configuration. */
@ApplicationScoped
class UserGraphsProducer {

    @Produces
    @Singleton
    GraphSettings settings(VectorConfig config) {
        VectorConfig.Graph graph = config.graph();
        return new GraphSettings(
                graph.entityWeight(),
                graph.eventWeight(),
                graph.temporalWeight(),
                graph.temporalWindow(),
                graph.temporalDecay(),
                graph.eventMaxFacts(),
                graph.restart(),
                graph.iterations(),
                graph.seeds(),
                graph.answerSeeds());
    }

    @Produces
    @Singleton
    ReconstructSettings reconstruct(VectorConfig config) {
        VectorConfig.Reconstruct reconstruct = config.reconstruct();
        return new ReconstructSettings(
                reconstruct.maxSteps(),
                reconstruct.openPerStep(),
                reconstruct.tagBonus(),
                reconstruct.followDecay(),
                reconstruct.topicWeight(),
                reconstruct.minGain(),
                reconstruct.maxCueSpread());
    }

    @Produces
    @ApplicationScoped
    UserGraphs graphs(GraphSettings settings, VectorConfig config) {
        return new UserGraphs(settings, config.graph().heldUsers());
    }
}
