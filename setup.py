"""pip install --no-build-isolation .  builds the gameai package with CMake.

setuptools drives CMake: the library and the extension gameai._gameai are
built for the interpreter running pip (Debian packages: cmake, ninja-build,
g++, libabsl-dev, libfmt-dev, pybind11-dev, python3-dev, python3-numpy,
python3-setuptools; scripts/deps.sh installs them). The package itself is
python/gameai/ (__init__.py, type stubs, py.typed).

GAMEAI_CMAKE_BUILD_DIR=DIR reuses a build directory configured with
-DGAMEAI_PYTHON=ON for the same interpreter (CI's build/), building only
the extension target there instead of the whole library a second time.
"""
import os
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    """Builds the CMake target gameai_python and copies the extension."""

    def build_extension(self, ext):
        build_dir = os.environ.get("GAMEAI_CMAKE_BUILD_DIR")
        if build_dir:
            build_dir = os.path.abspath(build_dir)
            if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
                sys.exit(f"GAMEAI_CMAKE_BUILD_DIR={build_dir} is not a "
                         "configured CMake build directory (no CMakeCache.txt)")
        else:
            build_dir = os.path.abspath(os.path.join(self.build_temp, "cmake"))
            os.makedirs(build_dir, exist_ok=True)
            subprocess.check_call([
                "cmake", "-S", ROOT, "-B", build_dir, "-G", "Ninja",
                "-DCMAKE_BUILD_TYPE=Release", "-DGAMEAI_PYTHON=ON",
                "-DGAMEAI_BUILD_TESTS=OFF", "-DGAMEAI_BUILD_BENCH=OFF",
                f"-DPython3_EXECUTABLE={sys.executable}"])
        subprocess.check_call(["cmake", "--build", build_dir,
                               "--target", "gameai_python"])
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = os.path.join(build_dir, "python", "gameai", "_gameai" + suffix)
        if not os.path.exists(built):
            sys.exit(f"{built} is missing: the build directory was configured "
                     f"for another Python than {sys.executable} (extension "
                     f"suffix {suffix})")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(built, target)


setup(
    name="gameai",
    version="0.1.0",
    description="Game rules and game-playing agents with a pyspiel-shaped "
                "API, numpy observations and batched environments",
    packages=["gameai"],
    package_dir={"": "python"},
    package_data={"gameai": ["__init__.pyi", "py.typed"]},
    ext_modules=[Extension("gameai._gameai", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    python_requires=">=3.9",
    install_requires=["numpy"],
    zip_safe=False,
)
