#include "springy_box2d.h"
#include <box2d/box2d.h>
#include <vector>

namespace {

struct FixtureInfo {
    int64_t tag;
    int32_t neutral;
};

class Filter : public b2ContactFilter {
public:
    void *context = nullptr;
    SBShouldCollide callback = nullptr;
    bool ShouldCollide(b2Fixture *a, b2Fixture *b) override {
        if (!callback) return b2ContactFilter::ShouldCollide(a, b);
        auto *ia = reinterpret_cast<FixtureInfo *>(a->GetUserData().pointer);
        auto *ib = reinterpret_cast<FixtureInfo *>(b->GetUserData().pointer);
        if (!ia || !ib) return false;
        return callback(context, ia->tag, ib->tag) != 0;
    }
};

class Listener : public b2ContactListener {
public:
    std::vector<SBContactEvent> events;
    void BeginContact(b2Contact *contact) override {
        b2Fixture *a = contact->GetFixtureA();
        b2Fixture *b = contact->GetFixtureB();
        auto *ia = reinterpret_cast<FixtureInfo *>(a->GetUserData().pointer);
        auto *ib = reinterpret_cast<FixtureInfo *>(b->GetUserData().pointer);
        // A neutral fixture (a boundary) lends the item its own friction.
        if (ia && ia->neutral && !(ib && ib->neutral)) contact->SetFriction(b->GetFriction());
        else if (ib && ib->neutral && !(ia && ia->neutral)) contact->SetFriction(a->GetFriction());
        b2WorldManifold wm;
        contact->GetWorldManifold(&wm);
        int n = contact->GetManifold()->pointCount;
        float x = 0, y = 0;
        for (int i = 0; i < n; ++i) { x += wm.points[i].x; y += wm.points[i].y; }
        if (n > 0) { x /= n; y /= n; }
        events.push_back({ia ? ia->tag : 0, ib ? ib->tag : 0, 1, x, y});
    }
    void EndContact(b2Contact *contact) override {
        auto *ia = reinterpret_cast<FixtureInfo *>(contact->GetFixtureA()->GetUserData().pointer);
        auto *ib = reinterpret_cast<FixtureInfo *>(contact->GetFixtureB()->GetUserData().pointer);
        events.push_back({ia ? ia->tag : 0, ib ? ib->tag : 0, 0, 0, 0});
    }
};

} // namespace

struct SBWorld {
    b2World world;
    Filter filter;
    Listener listener;
    std::vector<b2Body *> bodies;
    std::vector<b2Joint *> joints;
    std::vector<FixtureInfo *> infos;
    b2Body *ground = nullptr;
    explicit SBWorld(b2Vec2 g) : world(g) {
        world.SetContactFilter(&filter);
        world.SetContactListener(&listener);
    }
    ~SBWorld() {
        for (auto *info : infos) delete info;
    }
    b2Body *body(int32_t i) const {
        return (i >= 0 && i < (int32_t)bodies.size()) ? bodies[i] : nullptr;
    }
    b2Joint *joint(int32_t i) const {
        return (i >= 0 && i < (int32_t)joints.size()) ? joints[i] : nullptr;
    }
    void addFixture(int32_t bodyIndex, const b2Shape &shape, float friction, float restitution, int64_t tag, int32_t neutral) {
        b2Body *b = body(bodyIndex);
        if (!b) return;
        auto *info = new FixtureInfo{tag, neutral};
        infos.push_back(info);
        b2FixtureDef def;
        def.shape = &shape;
        def.friction = friction;
        def.restitution = restitution;
        def.density = 0.0f; // mass is set explicitly (UIKit: density x full area)
        def.userData.pointer = reinterpret_cast<uintptr_t>(info);
        b->CreateFixture(&def);
    }
};

extern "C" {

SBWorld *sb_world_create(float gx, float gy) { return new SBWorld(b2Vec2(gx, gy)); }
void sb_world_destroy(SBWorld *w) { delete w; }
void sb_version(int32_t out[3]) {
    out[0] = b2_version.major;
    out[1] = b2_version.minor;
    out[2] = b2_version.revision;
}
void sb_world_set_gravity(SBWorld *w, float gx, float gy) { w->world.SetGravity(b2Vec2(gx, gy)); }
void sb_world_set_contact_filter(SBWorld *w, void *context, SBShouldCollide cb) {
    w->filter.context = context;
    w->filter.callback = cb;
}
void sb_world_step(SBWorld *w, float dt, int32_t vi, int32_t pi) { w->world.Step(dt, vi, pi); }
int32_t sb_world_contact_event_count(const SBWorld *w) { return (int32_t)w->listener.events.size(); }
int32_t sb_world_contact_count(const SBWorld *w) { return w->world.GetContactCount(); }
SBContactEvent sb_world_contact_event(const SBWorld *w, int32_t i) { return w->listener.events[(size_t)i]; }
void sb_world_clear_contact_events(SBWorld *w) { w->listener.events.clear(); }

int32_t sb_body_create(SBWorld *w, int32_t type, float x, float y, float angle) {
    b2BodyDef def;
    def.type = type == SB_STATIC ? b2_staticBody : (type == SB_KINEMATIC ? b2_kinematicBody : b2_dynamicBody);
    def.position.Set(x, y);
    def.angle = angle;
    w->bodies.push_back(w->world.CreateBody(&def));
    return (int32_t)w->bodies.size() - 1;
}
void sb_body_destroy(SBWorld *w, int32_t i) {
    b2Body *b = w->body(i);
    if (!b) return;
    for (auto &j : w->joints) {
        if (j && (j->GetBodyA() == b || j->GetBodyB() == b)) j = nullptr; // destroyed with the body
    }
    w->world.DestroyBody(b);
    w->bodies[(size_t)i] = nullptr;
}
int32_t sb_body_exists(const SBWorld *w, int32_t i) { return w->body(i) != nullptr; }
void sb_body_add_box(SBWorld *w, int32_t body, float hw, float hh, float friction, float restitution, int64_t tag, int32_t neutral) {
    b2PolygonShape s;
    s.SetAsBox(hw, hh);
    w->addFixture(body, s, friction, restitution, tag, neutral);
}
void sb_body_add_circle(SBWorld *w, int32_t body, float radius, float friction, float restitution, int64_t tag, int32_t neutral) {
    b2CircleShape s;
    s.m_radius = radius;
    w->addFixture(body, s, friction, restitution, tag, neutral);
}
void sb_body_add_polygon(SBWorld *w, int32_t body, const float *xy, int32_t count, float friction, float restitution, int64_t tag, int32_t neutral) {
    b2Vec2 pts[b2_maxPolygonVertices];
    int32_t n = count < b2_maxPolygonVertices ? count : b2_maxPolygonVertices;
    for (int32_t i = 0; i < n; ++i) pts[i].Set(xy[2 * i], xy[2 * i + 1]);
    b2PolygonShape s;
    if (n < 3) return;
    s.Set(pts, n);
    w->addFixture(body, s, friction, restitution, tag, neutral);
}
void sb_body_add_edge(SBWorld *w, int32_t body, float x1, float y1, float x2, float y2, float friction, float restitution, int64_t tag, int32_t neutral) {
    b2EdgeShape s;
    s.SetTwoSided(b2Vec2(x1, y1), b2Vec2(x2, y2));
    w->addFixture(body, s, friction, restitution, tag, neutral);
}
void sb_body_refilter(SBWorld *w, int32_t i) {
    b2Body *b = w->body(i);
    if (!b) return;
    for (b2Fixture *f = b->GetFixtureList(); f; f = f->GetNext()) f->Refilter();
}
void sb_body_set_material(SBWorld *w, int32_t i, float friction, float restitution) {
    b2Body *b = w->body(i);
    if (!b) return;
    for (b2Fixture *f = b->GetFixtureList(); f; f = f->GetNext()) {
        f->SetFriction(friction);
        f->SetRestitution(restitution);
    }
    // Contacts already touching keep the mixed values from their creation; refresh them.
    for (b2ContactEdge *ce = b->GetContactList(); ce; ce = ce->next) {
        ce->contact->ResetFriction();
        ce->contact->ResetRestitution();
    }
}
void sb_body_set_mass(SBWorld *w, int32_t i, float mass, float inertia) {
    b2Body *b = w->body(i);
    if (!b || b->GetType() != b2_dynamicBody) return;
    b2MassData md;
    md.mass = mass;
    md.center.SetZero();
    md.I = inertia;
    b->SetMassData(&md);
}
void sb_body_set_type(SBWorld *w, int32_t i, int32_t type) {
    b2Body *b = w->body(i);
    if (!b) return;
    b->SetType(type == SB_STATIC ? b2_staticBody : (type == SB_KINEMATIC ? b2_kinematicBody : b2_dynamicBody));
}
void sb_body_set_damping(SBWorld *w, int32_t i, float linear, float angular) {
    b2Body *b = w->body(i);
    if (!b) return;
    b->SetLinearDamping(linear);
    b->SetAngularDamping(angular);
}
void sb_body_set_fixed_rotation(SBWorld *w, int32_t i, int32_t fixed) {
    if (b2Body *b = w->body(i)) b->SetFixedRotation(fixed != 0);
}
void sb_body_set_gravity_scale(SBWorld *w, int32_t i, float scale) {
    if (b2Body *b = w->body(i)) b->SetGravityScale(scale);
}
void sb_body_set_transform(SBWorld *w, int32_t i, float x, float y, float angle) {
    if (b2Body *b = w->body(i)) b->SetTransform(b2Vec2(x, y), angle);
}
void sb_body_set_velocity(SBWorld *w, int32_t i, float vx, float vy, float wv) {
    if (b2Body *b = w->body(i)) {
        b->SetLinearVelocity(b2Vec2(vx, vy));
        b->SetAngularVelocity(wv);
    }
}
void sb_body_set_awake(SBWorld *w, int32_t i, int32_t awake) {
    if (b2Body *b = w->body(i)) b->SetAwake(awake != 0);
}
int32_t sb_body_is_awake(const SBWorld *w, int32_t i) {
    b2Body *b = w->body(i);
    return b ? (b->IsAwake() ? 1 : 0) : 0;
}
int32_t sb_body_type(const SBWorld *w, int32_t i) {
    b2Body *b = w->body(i);
    if (!b) return -1;
    switch (b->GetType()) {
    case b2_staticBody: return SB_STATIC;
    case b2_kinematicBody: return SB_KINEMATIC;
    default: return SB_DYNAMIC;
    }
}
void sb_body_state(const SBWorld *w, int32_t i, float out[6]) {
    b2Body *b = w->body(i);
    if (!b) { for (int k = 0; k < 6; ++k) out[k] = 0; return; }
    b2Vec2 p = b->GetPosition(), v = b->GetLinearVelocity();
    out[0] = p.x; out[1] = p.y; out[2] = b->GetAngle();
    out[3] = v.x; out[4] = v.y; out[5] = b->GetAngularVelocity();
}
float sb_body_mass(const SBWorld *w, int32_t i) {
    b2Body *b = w->body(i);
    return b ? b->GetMass() : 0;
}
void sb_body_apply_force(SBWorld *w, int32_t i, float fx, float fy, float px, float py) {
    if (b2Body *b = w->body(i)) b->ApplyForce(b2Vec2(fx, fy), b2Vec2(px, py), true);
}
void sb_body_apply_impulse(SBWorld *w, int32_t i, float ix, float iy, float px, float py) {
    if (b2Body *b = w->body(i)) b->ApplyLinearImpulse(b2Vec2(ix, iy), b2Vec2(px, py), true);
}

/// Creates the joint `def` describes and returns its handle.
static int32_t sb_keep_joint(SBWorld *w, const b2JointDef &def) {
    w->joints.push_back(w->world.CreateJoint(&def));
    return (int32_t)w->joints.size() - 1;
}
int32_t sb_joint_create_distance(SBWorld *w, int32_t a, int32_t b, float ax, float ay, float bx, float by,
                                 float length, float minLength, float maxLength,
                                 float stiffness, float damping, int32_t collideConnected) {
    b2Body *ba = w->body(a), *bb = w->body(b);
    if (!ba || !bb) return -1;
    b2DistanceJointDef def;
    def.bodyA = ba;
    def.bodyB = bb;
    def.localAnchorA.Set(ax, ay);
    def.localAnchorB.Set(bx, by);
    def.length = length;
    def.minLength = minLength;
    def.maxLength = maxLength;
    def.stiffness = stiffness;
    def.damping = damping;
    def.collideConnected = collideConnected != 0;
    return sb_keep_joint(w, def);
}
int32_t sb_joint_create_revolute(SBWorld *w, int32_t a, int32_t b, float x, float y, int32_t collideConnected) {
    b2Body *ba = w->body(a), *bb = w->body(b);
    if (!ba || !bb) return -1;
    b2RevoluteJointDef def;
    def.Initialize(ba, bb, b2Vec2(x, y));
    def.collideConnected = collideConnected != 0;
    return sb_keep_joint(w, def);
}
int32_t sb_joint_create_pin(SBWorld *w, int32_t a, int32_t b, float x, float y,
                            int32_t enableLimit, float lower, float upper, float frictionTorque, int32_t collideConnected) {
    b2Body *ba = w->body(a), *bb = w->body(b);
    if (!ba || !bb) return -1;
    b2RevoluteJointDef def;
    def.Initialize(ba, bb, b2Vec2(x, y));
    def.enableLimit = enableLimit != 0;
    def.lowerAngle = lower;
    def.upperAngle = upper;
    def.enableMotor = frictionTorque > 0;
    def.motorSpeed = 0.0f;
    def.maxMotorTorque = frictionTorque;
    def.collideConnected = collideConnected != 0;
    return sb_keep_joint(w, def);
}
int32_t sb_joint_create_prismatic(SBWorld *w, int32_t a, int32_t b, float x, float y, float ax, float ay,
                                  int32_t enableLimit, float lower, float upper, int32_t collideConnected) {
    b2Body *ba = w->body(a), *bb = w->body(b);
    if (!ba || !bb) return -1;
    b2Vec2 axis(ax, ay);
    axis.Normalize();
    b2PrismaticJointDef def;
    def.Initialize(ba, bb, b2Vec2(x, y), axis);
    def.enableLimit = enableLimit != 0;
    def.lowerTranslation = lower;
    def.upperTranslation = upper;
    def.collideConnected = collideConnected != 0;
    return sb_keep_joint(w, def);
}
int32_t sb_joint_create_weld(SBWorld *w, int32_t a, int32_t b, float x, float y, int32_t collideConnected) {
    b2Body *ba = w->body(a), *bb = w->body(b);
    if (!ba || !bb) return -1;
    b2WeldJointDef def;
    def.Initialize(ba, bb, b2Vec2(x, y));
    def.collideConnected = collideConnected != 0;
    return sb_keep_joint(w, def);
}
int32_t sb_body_create_static(SBWorld *w, float x, float y) {
    return sb_body_create(w, SB_STATIC, x, y, 0.0f);
}
int32_t sb_joint_create_target(SBWorld *w, int32_t body, float px, float py, float tx, float ty,
                               float stiffness, float damping) {
    b2Body *b = w->body(body);
    if (!b) return -1;
    if (!w->ground) {
        b2BodyDef gd;
        w->ground = w->world.CreateBody(&gd);
    }
    b2MouseJointDef def;
    def.bodyA = w->ground;
    def.bodyB = b;
    def.target.Set(px, py);   // fixes the body's local anchor at this point
    def.maxForce = 1e30f;
    def.stiffness = 0.0f;     // set below: the pole-matched damping may be negative
    def.damping = 0.0f;
    def.collideConnected = true;
    auto *j = static_cast<b2MouseJoint *>(w->world.CreateJoint(&def));
    j->SetStiffness(stiffness);
    j->SetDamping(damping);
    j->SetTarget(b2Vec2(tx, ty));
    w->joints.push_back(j);
    return (int32_t)w->joints.size() - 1;
}
void sb_joint_set_target(SBWorld *w, int32_t i, float x, float y) {
    b2Joint *j = w->joint(i);
    if (!j || j->GetType() != e_mouseJoint) return;
    static_cast<b2MouseJoint *>(j)->SetTarget(b2Vec2(x, y));
}
void sb_joint_set_target_spring(SBWorld *w, int32_t i, float stiffness, float damping) {
    b2Joint *j = w->joint(i);
    if (!j || j->GetType() != e_mouseJoint) return;
    auto *m = static_cast<b2MouseJoint *>(j);
    m->SetStiffness(stiffness);
    m->SetDamping(damping);
}
void sb_joint_destroy(SBWorld *w, int32_t i) {
    b2Joint *j = w->joint(i);
    if (!j) return;
    b2Body *a = j->GetBodyA(), *b = j->GetBodyB();
    w->world.DestroyJoint(j);
    w->joints[(size_t)i] = nullptr;
    a->SetAwake(true);
    b->SetAwake(true);
}
void sb_joint_set_distance(SBWorld *w, int32_t i, float length, float minLength, float maxLength, float stiffness, float damping) {
    b2Joint *j = w->joint(i);
    if (!j || j->GetType() != e_distanceJoint) return;
    auto *d = static_cast<b2DistanceJoint *>(j);
    d->SetLength(length);
    d->SetMinLength(minLength);
    d->SetMaxLength(maxLength);
    d->SetStiffness(stiffness);
    d->SetDamping(damping);
}
void sb_joint_anchors(const SBWorld *w, int32_t i, float out[4]) {
    b2Joint *j = w->joint(i);
    if (!j) { for (int k = 0; k < 4; ++k) out[k] = 0; return; }
    b2Vec2 a = j->GetAnchorA(), b = j->GetAnchorB();
    out[0] = a.x; out[1] = a.y; out[2] = b.x; out[3] = b.y;
}

} // extern "C"
