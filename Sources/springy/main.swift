import SpringyCLI

Springy.runMain()
