// A test-only ordinary shared library with no retro exports: the loader must
// refuse it as "not a retro plugin" without running it.
extern "C" int not_a_plugin_answer() { return 42; }
