/* The `intentkit` command of the Python wheel (scripts/build-wheel): the command itself is
 * compiled into the wheel's shared library beside this executable, found through its RPATH
 * ($ORIGIN); the Swift runtime in that library reads this process's arguments. */
extern int ik_main(void);

int main(void) {
    return ik_main();
}
