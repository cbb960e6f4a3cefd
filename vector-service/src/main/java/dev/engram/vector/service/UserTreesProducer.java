package dev.engram.vector.service;

import dev.engram.vector.config.VectorConfig;
import dev.engram.vector.segtree.SegTreeSettings;
import dev.engram.vector.segtree.UserTrees;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The segment-tree settings and the held trees, from the configuration. */
@ApplicationScoped
class UserTreesProducer {

    @Produces
    @Singleton
    SegTreeSettings settings(VectorConfig config) {
        VectorConfig.SegTree tree = config.segtree();
        return new SegTreeSettings(
                tree.threshold(), tree.steps(), tree.decay(), tree.topDown(), tree.bottomUp(), tree.timeOrder());
    }

    @Produces
    @ApplicationScoped
    UserTrees trees(SegTreeSettings settings, VectorConfig config) {
        return new UserTrees(settings, config.segtree().heldUsers());
    }
}
