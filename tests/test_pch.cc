// The program that builds the test binaries' precompiled header
// (tests/CMakeLists.txt, retro_test_pch); it does nothing.
int main() { return 0; }
