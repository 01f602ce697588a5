// The yardstick for the window's memory (tests/gui/window-speed.sh): a bare GLFW + OpenGL 3.3
// window, as small as a window can be, measured in the same run on the same display as umpire.
//   bare_window          clears the window each frame and nothing else
//   bare_window --draw   also compiles one shader and draws one triangle, as any OpenGL
//                        program (ImGui's backend included) must: on Mesa's software renderer
//                        compiling a shader maps and touches much of LLVM, which a window that
//                        only clears never pays.
// It waits for events like umpire does and exits on SIGTERM.
#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstring>

namespace {
GLuint compile(GLenum kind, const char* src) {
    const GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, nullptr);
    glCompileShader(s);
    return s;
}
}  // namespace

int main(int argc, char** argv) {
    const bool draw = argc > 1 && std::strcmp(argv[1], "--draw") == 0;
    if (!glfwInit()) return 1;
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    GLFWwindow* w = glfwCreateWindow(1280, 800, "bare window", nullptr, nullptr);
    if (!w) return 1;
    glfwMakeContextCurrent(w);
    if (!gladLoadGL(glfwGetProcAddress)) return 1;
    glfwSwapInterval(1);
    GLuint program = 0, vao = 0, vbo = 0;
    if (draw) {
        program = glCreateProgram();
        glAttachShader(program, compile(GL_VERTEX_SHADER,
                                        "#version 330 core\nlayout(location=0) in vec2 p;\n"
                                        "void main() { gl_Position = vec4(p, 0.0, 1.0); }\n"));
        glAttachShader(program, compile(GL_FRAGMENT_SHADER,
                                        "#version 330 core\nout vec4 c;\n"
                                        "void main() { c = vec4(1.0, 0.5, 0.0, 1.0); }\n"));
        glLinkProgram(program);
        const float tri[] = {-0.5f, -0.5f, 0.5f, -0.5f, 0.0f, 0.5f};
        glGenVertexArrays(1, &vao);
        glBindVertexArray(vao);
        glGenBuffers(1, &vbo);
        glBindBuffer(GL_ARRAY_BUFFER, vbo);
        glBufferData(GL_ARRAY_BUFFER, sizeof tri, tri, GL_STATIC_DRAW);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    }
    while (!glfwWindowShouldClose(w)) {
        glClearColor(0.09f, 0.10f, 0.12f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        if (draw) {
            glUseProgram(program);
            glDrawArrays(GL_TRIANGLES, 0, 3);
        }
        glfwSwapBuffers(w);
        glfwWaitEventsTimeout(10.0);
    }
    glfwTerminate();
    return 0;
}
