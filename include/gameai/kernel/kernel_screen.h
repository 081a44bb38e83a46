// gameai/kernel/kernel_screen.h: KernelScreen, the base of a kernel game's
// PlayScreen.
#ifndef GAMEAI_KERNEL_KERNEL_SCREEN_H_
#define GAMEAI_KERNEL_KERNEL_SCREEN_H_

#include "gameai/dynamic/play_screen.h"
#include "gameai/kernel/kernel_adapter.h"

namespace gameai {

// KernelScreen: a screen of a kernel game R, reading its views' kernel
// states.
template <Kernel R>
class KernelScreen : public PlayScreen {
 protected:
  static const KernelState<R>& Kernel(const State& view) {
    return dynamic_cast<const KernelState<R>&>(view);
  }
};

}  // namespace gameai

#endif  // GAMEAI_KERNEL_KERNEL_SCREEN_H_
