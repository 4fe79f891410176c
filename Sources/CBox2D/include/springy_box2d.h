// A small C API over Box2D 2.4's C++ classes (Debian's libbox2d-dev).
// Units are Box2D's: metres, kilograms, seconds, radians. Springy's Swift
// code converts from UIKit's points (100 pt per metre) before calling in.
// Bodies and joints are addressed by the index the create call returned;
// indices are never reused within a world, so iteration order is fixed.
#ifndef SPRINGY_BOX2D_H
#define SPRINGY_BOX2D_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct SBWorld SBWorld;

enum { SB_STATIC = 0, SB_KINEMATIC = 1, SB_DYNAMIC = 2 };

/// Decides whether two fixtures (by their tags) may touch. Return non-zero to allow.
typedef int (*SBShouldCollide)(void *context, int64_t tagA, int64_t tagB);

typedef struct {
    int64_t tagA;
    int64_t tagB;
    int32_t began;      // 1 = began, 0 = ended
    float x, y;         // world point (began only)
} SBContactEvent;

SBWorld *sb_world_create(float gx, float gy);
void sb_world_destroy(SBWorld *world);
void sb_world_set_gravity(SBWorld *world, float gx, float gy);
void sb_world_set_contact_filter(SBWorld *world, void *context, SBShouldCollide callback);
void sb_world_step(SBWorld *world, float dt, int32_t velocityIterations, int32_t positionIterations);
int32_t sb_world_contact_event_count(const SBWorld *world);
/// Contacts Box2D keeps now (one per pair of fixtures whose bounding boxes overlap).
int32_t sb_world_contact_count(const SBWorld *world);
SBContactEvent sb_world_contact_event(const SBWorld *world, int32_t index);
void sb_world_clear_contact_events(SBWorld *world);

int32_t sb_body_create(SBWorld *world, int32_t type, float x, float y, float angle);
void sb_body_destroy(SBWorld *world, int32_t body);
int32_t sb_body_exists(const SBWorld *world, int32_t body);
/// Box of half extents (hw, hh) whose polygon skin (radius) is added around it.
void sb_body_add_box(SBWorld *world, int32_t body, float hw, float hh, float friction, float restitution, int64_t tag, int32_t neutral);
void sb_body_add_circle(SBWorld *world, int32_t body, float radius, float friction, float restitution, int64_t tag, int32_t neutral);
void sb_body_add_polygon(SBWorld *world, int32_t body, const float *xy, int32_t count, float friction, float restitution, int64_t tag, int32_t neutral);
/// A two-sided segment. `neutral` fixtures take the other fixture's friction in a contact.
void sb_body_add_edge(SBWorld *world, int32_t body, float x1, float y1, float x2, float y2, float friction, float restitution, int64_t tag, int32_t neutral);
void sb_body_refilter(SBWorld *world, int32_t body);
void sb_body_set_material(SBWorld *world, int32_t body, float friction, float restitution);
void sb_body_set_mass(SBWorld *world, int32_t body, float mass, float inertia);
void sb_body_set_type(SBWorld *world, int32_t body, int32_t type);
void sb_body_set_damping(SBWorld *world, int32_t body, float linear, float angular);
void sb_body_set_fixed_rotation(SBWorld *world, int32_t body, int32_t fixed);
void sb_body_set_gravity_scale(SBWorld *world, int32_t body, float scale);
void sb_body_set_transform(SBWorld *world, int32_t body, float x, float y, float angle);
void sb_body_set_velocity(SBWorld *world, int32_t body, float vx, float vy, float w);
void sb_body_set_awake(SBWorld *world, int32_t body, int32_t awake);
int32_t sb_body_is_awake(const SBWorld *world, int32_t body);
int32_t sb_body_type(const SBWorld *world, int32_t body);
void sb_body_state(const SBWorld *world, int32_t body, float out[6]); // x, y, angle, vx, vy, w
float sb_body_mass(const SBWorld *world, int32_t body);
void sb_body_apply_force(SBWorld *world, int32_t body, float fx, float fy, float px, float py);
void sb_body_apply_impulse(SBWorld *world, int32_t body, float ix, float iy, float px, float py);

/// Distance joint between local anchor points; minLength == maxLength makes it rigid.
int32_t sb_joint_create_distance(SBWorld *world, int32_t bodyA, int32_t bodyB,
                                 float ax, float ay, float bx, float by,
                                 float length, float minLength, float maxLength,
                                 float stiffness, float damping, int32_t collideConnected);
/// Revolute joint (a pin) at a world point.
int32_t sb_joint_create_revolute(SBWorld *world, int32_t bodyA, int32_t bodyB, float x, float y, int32_t collideConnected);
/// Revolute joint at a world point with angle limits (radians, relative to the start) and a
/// friction torque (a motor held at speed 0 with that maximum torque; 0 for none).
int32_t sb_joint_create_pin(SBWorld *world, int32_t bodyA, int32_t bodyB, float x, float y,
                            int32_t enableLimit, float lower, float upper, float frictionTorque, int32_t collideConnected);
/// Prismatic joint: bodyB slides along the world axis (ax, ay) through the world point (x, y),
/// its translation limited to lower…upper (metres from the start) when enableLimit.
int32_t sb_joint_create_prismatic(SBWorld *world, int32_t bodyA, int32_t bodyB, float x, float y, float ax, float ay,
                                  int32_t enableLimit, float lower, float upper, int32_t collideConnected);
/// Weld joint at a world point: the two bodies move as one.
int32_t sb_joint_create_weld(SBWorld *world, int32_t bodyA, int32_t bodyB, float x, float y, int32_t collideConnected);
/// A static body at a world point (an anchor for joints to a point).
int32_t sb_body_create_static(SBWorld *world, float x, float y);
/// A zero-length 2-D spring from a world target to a point of `body` (Box2D's mouse joint):
/// the body point starts at (px, py) and is pulled toward the target.
int32_t sb_joint_create_target(SBWorld *world, int32_t body, float px, float py, float tx, float ty,
                               float stiffness, float damping);
void sb_joint_set_target(SBWorld *world, int32_t joint, float x, float y);
void sb_joint_set_target_spring(SBWorld *world, int32_t joint, float stiffness, float damping);
void sb_joint_destroy(SBWorld *world, int32_t joint);
void sb_joint_set_distance(SBWorld *world, int32_t joint, float length, float minLength, float maxLength, float stiffness, float damping);
/// World positions of the joint's two anchors: ax, ay, bx, by.
void sb_joint_anchors(const SBWorld *world, int32_t joint, float out[4]);
/// The Box2D library's own version (b2_version), as loaded: major, minor, revision.
void sb_version(int32_t out[3]);

#ifdef __cplusplus
}
#endif
#endif
