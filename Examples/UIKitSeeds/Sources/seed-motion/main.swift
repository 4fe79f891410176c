import SeedScenes
// Springy's command line with the seeds' scenes in it by name:
//   swift run seed-motion render expand-collapse --format gif
//   swift run seed-motion check            (every seed scene against golden/<name>/)
import SpringyCLI

SpringyCommand.main { try SeedScenes.all() }
